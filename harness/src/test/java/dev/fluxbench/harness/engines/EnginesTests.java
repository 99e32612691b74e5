package dev.fluxbench.harness.engines;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

class EnginesTests {

	@TempDir
	Path directory;

	@Test
	void enginesShouldKeepTheirOrderAndAcceptHostNamesWithDashes() {
		Engines engines = Engines.parse(List.of("load-1.example:1099", " 10.0.0.2:2000"), Optional.empty());
		assertThat(engines.addresses()).containsExactly("load-1.example:1099", "10.0.0.2:2000");
		assertThat(engines.count()).isEqualTo(2);
	}

	@Test
	void sampleWhenItsThreadIsAnEnginesShouldNameThatEngine() {
		Engines engines = Engines.parse(List.of("load-1.example:1099", "load-1.example:10990"), Optional.empty());
		// JMeter names a remote engine's threads "<address>-<group> <n>-<m>".
		assertThat(engines.engineOf("load-1.example:10990-load-20 1-3")).isEqualTo("load-1.example:10990");
		assertThat(engines.engineOf("load-1.example:1099-load-20 1-3")).isEqualTo("load-1.example:1099");
		assertThat(engines.engineOf("load-20 1-3")).isEmpty();
	}

	@Test
	void loadShouldSplitEvenlyOrNotAtAll() {
		Engines engines = Engines.parse(List.of("a:1", "b:1"), Optional.empty());
		assertThat(engines.users(5000)).isEqualTo(2500);
		assertThat(engines.rate(25)).isEqualTo(12.5);
		assertThatIllegalArgumentException().isThrownBy(() -> engines.users(7))
			.withMessage("a load of 7 users does not split evenly over 2 engines: give --users in multiples of 2");
	}

	@Test
	void rmiShouldGoOverSslWithTheKeystoreAsKeyAndTrustStore() throws Exception {
		Path keystore = Files.writeString(this.directory.resolve("rmi_keystore.jks"), "a keystore");
		assertThat(Engines.parse(List.of("a:1"), Optional.of(keystore)).rmiProperties())
			.containsEntry("server.rmi.ssl.disable", "false")
			.containsEntry("server.rmi.ssl.keystore.file", keystore.toAbsolutePath().toString())
			.containsEntry("server.rmi.ssl.truststore.file", keystore.toAbsolutePath().toString());
		assertThat(Engines.parse(List.of("a:1"), Optional.empty()).rmiProperties())
			.containsExactly(java.util.Map.entry("server.rmi.ssl.disable", "true"));
	}

	@Test
	void callbackHostShouldBeTheLocalEndOfTheRouteToTheFirstEngine() {
		Engines engines = Engines.parse(List.of("127.0.0.1:1099"), Optional.empty());
		assertThat(engines.callbackHost()).isEqualTo("127.0.0.1");
	}

}
