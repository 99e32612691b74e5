package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

class AgentCommandTests {

	@TempDir
	Path directory;

	private final StringWriter out = new StringWriter();

	private final StringWriter err = new StringWriter();

	@Test
	void initKeystoreShouldMakeTheKeyJMeterLooksFor() throws Exception {
		Path file = this.directory.resolve("rmi_keystore.jks");
		assertThat(agent("--init-keystore", "--rmi-keystore", file.toString())).isZero();
		assertThat(this.out.toString()).startsWith("keystore: " + file.toAbsolutePath());
		KeyStore keystore = KeyStore.getInstance(file.toFile(), "changeit".toCharArray());
		assertThat(keystore.isKeyEntry("rmi")).isTrue();
	}

	@Test
	void initKeystoreWhenTheFileExistsShouldNotOverwriteIt() throws Exception {
		Path file = Files.writeString(this.directory.resolve("rmi_keystore.jks"), "someone's keys");
		assertThat(agent("--init-keystore", "--rmi-keystore", file.toString())).isEqualTo(2);
		assertThat(this.err.toString().strip())
			.isEqualTo("fluxbench: " + file + " already exists: fluxbench never overwrites a keystore");
		assertThat(file).hasContent("someone's keys");
	}

	@Test
	void agentWithoutAKeystoreShouldSayHowToMakeOneOrToGoWithoutSsl() {
		Path file = this.directory.resolve("none.jks");
		assertThat(agent("--port", "1", "--rmi-keystore", file.toString())).isEqualTo(2);
		assertThat(this.err.toString().strip()).isEqualTo("fluxbench: no keystore at " + file
				+ ": make one with 'fluxbench agent --init-keystore', or pass --rmi-no-ssl on a network you trust");
	}

	@Test
	void agentWhenThePortIsNotAPortShouldBeBadUsage() {
		assertThat(agent("--port", "0", "--rmi-no-ssl")).isEqualTo(2);
		assertThat(this.err.toString()).contains("--port must be a TCP port (1-65535), not 0");
	}

	private int agent(String... args) {
		String[] command = new String[args.length + 1];
		command[0] = "agent";
		System.arraycopy(args, 0, command, 1, args.length);
		return Main.execute(new PrintWriter(this.out, true), new PrintWriter(this.err, true), command);
	}

}
