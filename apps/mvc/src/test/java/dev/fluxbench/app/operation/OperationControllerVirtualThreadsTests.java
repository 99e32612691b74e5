package dev.fluxbench.app.operation;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.fluxbench.app.account.Accounts;
import dev.fluxbench.contract.account.SeedAccounts;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.test.context.ActiveProfiles;
import org.springframework.test.web.servlet.client.assertj.RestTestClientResponse;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The seed's journey on mvc-vt: the same jar under the {@code vt} profile, each request
 * on a virtual thread. A context of its own, with its own database.
 */
@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:seed002-vt;DB_CLOSE_DELAY=-1;MODE=PostgreSQL",
				Accounts.BCRYPT_COST })
@ActiveProfiles("vt")
class OperationControllerVirtualThreadsTests extends OperationJourney {

	@Test
	void requestsShouldRunOnVirtualThreads() {
		assertThat(RestTestClientResponse.from(this.anonymous.get().uri("/actuator/info").exchange())).hasStatusOk()
			.bodyJson()
			.extractingPath("$.fluxbench.server.threads")
			.isEqualTo("virtual");
	}

	@Test
	void passwordChecksShouldLeaveTheVirtualThreadForThePasswordCheckPool() {
		// On the pool's platform threads the JDK measures CPU time; on a virtual thread
		// it would not, and the check would count under clock="wall".
		double wallBefore = passwordCheckSeconds("wall");
		double cpuBefore = passwordCheckSeconds("cpu");
		Accounts.signIn(this.anonymous, SeedAccounts.USER);
		assertThat(passwordCheckSeconds("cpu")).isGreaterThan(cpuBefore);
		assertThat(passwordCheckSeconds("wall")).isEqualTo(wallBefore);
		assertThat(RestTestClientResponse.from(this.anonymous.get().uri("/actuator/info").exchange())).hasStatusOk()
			.bodyJson()
			.extractingPath("$.passwordCheck.runsOn")
			.isEqualTo("thread-pool");
	}

	private double passwordCheckSeconds(String clock) {
		String scrape = this.anonymous.get()
			.uri("/actuator/prometheus")
			.exchange()
			.expectStatus()
			.isOk()
			.expectBody(String.class)
			.returnResult()
			.getResponseBody();
		Matcher sample = Pattern
			.compile("(?m)^fluxbench_password_check_seconds_total\\{[^}]*clock=\"" + clock + "\"[^}]*} (\\S+)$")
			.matcher(scrape);
		assertThat(sample.find()).as("clock=%s in the scrape", clock).isTrue();
		return Double.parseDouble(sample.group(1));
	}

}
