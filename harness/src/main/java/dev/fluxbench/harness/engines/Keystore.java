package dev.fluxbench.harness.engines;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.fluxbench.harness.launch.EnvironmentException;

/**
 * The keystore of RMI over SSL, made as JMeter's own {@code create-rmi-keystore} script
 * makes it: the JDK's keytool, one RSA key under JMeter's alias and password. The JDK has
 * no API that makes a self-signed certificate, and keytool is in every JDK.
 */
public final class Keystore {

	/** JMeter's defaults for the key's alias and the store's password. */
	static final String ALIAS = "rmi";

	static final String PASSWORD = "changeit";

	private Keystore() {
	}

	/**
	 * Creates {@code file} with a key valid for {@code days}.
	 * @throws IllegalArgumentException when the file exists: a key is never overwritten
	 */
	public static void create(Path file, int days) {
		if (Files.exists(file)) {
			throw new IllegalArgumentException(file + " already exists: fluxbench never overwrites a keystore");
		}
		Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
		List<String> command = List.of(keytool.toString(), "-genkeypair", "-alias", ALIAS, "-keyalg", "RSA", "-keysize",
				"2048", "-validity", Integer.toString(days), "-dname", "CN=fluxbench rmi", "-keystore", file.toString(),
				"-storetype", "JKS", "-storepass", PASSWORD, "-keypass", PASSWORD);
		try {
			Process keytoolProcess = new ProcessBuilder(command).redirectErrorStream(true).start();
			String output = new String(keytoolProcess.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
			if (!keytoolProcess.waitFor(2, TimeUnit.MINUTES) || keytoolProcess.exitValue() != 0) {
				throw new EnvironmentException(
						"keytool could not create " + file + ": " + output.lines().findFirst().orElse(""));
			}
		}
		catch (IOException ex) {
			throw new EnvironmentException("could not run " + keytool + ": " + ex.getMessage(), ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new EnvironmentException("interrupted while keytool ran", ex);
		}
	}

}
