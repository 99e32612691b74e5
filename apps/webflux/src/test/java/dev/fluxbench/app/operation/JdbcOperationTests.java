package dev.fluxbench.app.operation;

import javax.sql.DataSource;

import com.zaxxer.hikari.HikariDataSource;
import dev.fluxbench.app.system.CallThreads;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.jpa.repository.support.JpaRepositoryFactoryBean;
import org.springframework.data.r2dbc.repository.support.R2dbcRepositoryFactoryBean;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * webflux-jdbc: the reactive controllers over mvc's blocking repository, each call on the
 * operations scheduler. BlockHound watches: a JDBC call left on an event loop would fail
 * the request.
 */
@ActiveProfiles("jdbc")
class JdbcOperationTests extends OperationContract {

	@Autowired
	private ConfigurableApplicationContext context;

	@Override
	String stack() {
		return "webflux-jdbc";
	}

	@Test
	void springDataShouldGiveTheJpaRepositoryToJpaAndTheOthersToR2dbc() {
		assertThat(repositoryFactory("operationJpaRepository")).isEqualTo(JpaRepositoryFactoryBean.class.getName());
		assertThat(repositoryFactory("operationRepository")).isEqualTo(R2dbcRepositoryFactoryBean.class.getName());
		assertThat(repositoryFactory("artistRepository")).isEqualTo(R2dbcRepositoryFactoryBean.class.getName());
		assertThat(this.context.getBeansOfType(DataSource.class)).hasSize(1)
			.allSatisfy((name, dataSource) -> assertThat(dataSource).isInstanceOf(HikariDataSource.class));
	}

	@Test
	void blockingCallsShouldRunOnTheOperationsScheduler() {
		everyKindOfCall();
		assertThat(CallThreads.of(CallThreads.OPERATIONS)).hasSizeGreaterThanOrEqualTo(4)
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("operations-"));
		assertThat(CallThreads.of(CallThreads.ACCOUNT_LOOKUPS)).isNotEmpty()
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("operations-"));
		assertThat(CallThreads.of(CallThreads.PASSWORD_CHECKS)).isNotEmpty()
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("password-check-"));
	}

	@Test
	void infoShouldShowTheSchedulerAndThePool() {
		assertThat(operationsInfo().properties()).extracting(Object::toString)
			.containsExactlyInAnyOrder("variant=\"webflux-jdbc\"", "repository=\"jpa\"", "accounts=\"jdbc\"",
					"executionOn=\"scheduler\"", "scheduler=\"bounded-elastic\"", "threadNamePrefix=\"operations\"",
					"threadCap=200", "queuedTaskCap=100000");
		assertThat(databaseInfo().get("jdbc").toString()).isEqualTo("""
				{"url":"jdbc:h2:mem:seed002;DB_CLOSE_DELAY=-1;MODE=PostgreSQL","pool":{"implementation":"hikaricp",\
				"maxSize":20,"minIdle":20,"acquireTimeout":"PT5S"}}""");
	}

	private String repositoryFactory(String bean) {
		return this.context.getBeanFactory().getBeanDefinition(bean).getBeanClassName();
	}

}
