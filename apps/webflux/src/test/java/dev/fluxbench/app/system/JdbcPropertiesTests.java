package dev.fluxbench.app.system;

import java.time.Duration;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class JdbcPropertiesTests {

	@Test
	void connectionTimeoutBelowHikarisFloorShouldBeRefusedRatherThanReplacedByItsDefault() {
		assertThatIllegalArgumentException().isThrownBy(() -> new JdbcProperties.Pool(20, Duration.ofMillis(100)))
			.withMessage("fluxbench.jdbc.pool.connection-timeout is PT0.1S; Hikari needs at least PT0.25S");
	}

	@Test
	void toStringShouldLeaveThePasswordOut() {
		JdbcProperties properties = new JdbcProperties("jdbc:h2:mem:x", "sa", "s3cret",
				new JdbcProperties.Pool(20, Duration.ofSeconds(5)));
		assertThat(properties.toString()).contains("jdbc:h2:mem:x").doesNotContain("s3cret");
	}

}
