package dev.fluxbench.app.chain;

import java.net.URI;
import java.time.Duration;

import org.junit.jupiter.api.Test;

import org.springframework.mock.env.MockEnvironment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalStateException;

class NextHopTests {

	private static final Duration SERVICE_B_TIMEOUT = Duration.ofSeconds(1);

	@Test
	void baseUrlShouldBeTheConfiguredNextUrl() {
		NextHop nextHop = new NextHop(properties(URI.create("http://next:9000"), Duration.ofSeconds(10)),
				SERVICE_B_TIMEOUT, new MockEnvironment().withProperty("local.server.port", "8080"));

		assertThat(nextHop.baseUrl()).isEqualTo(URI.create("http://next:9000"));
	}

	@Test
	void baseUrlWithoutANextUrlShouldBeThisAppOnceItsServerListens() {
		MockEnvironment environment = new MockEnvironment();
		NextHop nextHop = new NextHop(properties(null, Duration.ofSeconds(10)), SERVICE_B_TIMEOUT, environment);
		assertThat(nextHop.current()).isNull();

		environment.setProperty("local.server.port", "41234");

		assertThat(nextHop.baseUrl()).isEqualTo(URI.create("http://127.0.0.1:41234"));
	}

	@Test
	void baseUrlWithoutANextUrlBeforeTheServerListensShouldFail() {
		NextHop nextHop = new NextHop(properties(null, Duration.ofSeconds(10)), SERVICE_B_TIMEOUT,
				new MockEnvironment());

		assertThatIllegalStateException().isThrownBy(nextHop::baseUrl)
			.withMessageContaining("fluxbench.chain.next-url");
	}

	@Test
	void hopTimeoutNoLongerThanServiceBsTimeoutShouldBeRefused() {
		assertThatIllegalStateException()
			.isThrownBy(
					() -> new NextHop(properties(null, SERVICE_B_TIMEOUT), SERVICE_B_TIMEOUT, new MockEnvironment()))
			.withMessageContaining("fluxbench.chain.hop-timeout (PT1S) must be longer than");
	}

	private static ChainProperties properties(URI nextUrl, Duration hopTimeout) {
		return new ChainProperties(nextUrl, 16, hopTimeout, false, new ChainProperties.CallPool(1, 1));
	}

}
