package dev.fluxbench.app.operation;

import javax.sql.DataSource;

import dev.fluxbench.app.system.CallThreads;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.data.r2dbc.repository.support.R2dbcRepositoryFactoryBean;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * webflux: seed 002's operations through R2DBC, with BlockHound watching every thread
 * that must not block.
 */
class OperationTests extends OperationContract {

	@Autowired
	private ConfigurableApplicationContext context;

	@Override
	String stack() {
		return "webflux";
	}

	@Test
	void defaultStackShouldStartNeitherHibernateNorAJdbcPool() {
		assertThat(this.context.getBeanNamesForType(DataSource.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(EntityManagerFactory.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(PlatformTransactionManager.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(JdbcClient.class)).isEmpty();
		assertThat(this.context.getBeanNamesForType(OperationJpaRepository.class)).isEmpty();
		assertThat(this.context.getBeanFactory().getBeanDefinition("operationRepository").getBeanClassName())
			.isEqualTo(R2dbcRepositoryFactoryBean.class.getName());
	}

	@Test
	void infoShouldSayOperationsStayOnTheEventLoops() {
		assertThat(operationsInfo().properties()).extracting(Object::toString)
			.containsExactlyInAnyOrder("variant=\"webflux\"", "repository=\"r2dbc\"", "accounts=\"r2dbc\"",
					"executionOn=\"event-loop\"");
		assertThat(databaseInfo().has("jdbc")).isFalse();
		assertThat(databaseInfo().get("pool").get("lendsOn").asString()).isEqualTo("boundedElastic");
	}

	@Test
	void passwordChecksShouldRunOnThePasswordCheckScheduler() {
		everyKindOfCall();
		assertThat(CallThreads.of(CallThreads.PASSWORD_CHECKS)).isNotEmpty()
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("password-check-"));
		assertThat(CallThreads.of(CallThreads.OPERATIONS)).isEmpty();
	}

}
