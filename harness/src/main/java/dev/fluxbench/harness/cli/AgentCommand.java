package dev.fluxbench.harness.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import dev.fluxbench.harness.engines.Agent;
import dev.fluxbench.harness.engines.Keystore;
import dev.fluxbench.harness.run.JourneyCounter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "agent", mixinStandardHelpOptions = true,
		header = "Serve as a JMeter remote engine that 'fluxbench run --engines' sends load to.",
		synopsisHeading = "%nSYNOPSIS%n  ", descriptionHeading = "%nDESCRIPTION%n",
		description = { "  JMeter's own remote engine, from the harness' jars: no JMeter to install. It runs one"
				+ " test plan at a time, as long as it runs; stop it with Ctrl-C. RMI goes over SSL with the"
				+ " keystore that --init-keystore makes: copy that one file to the harness and to every agent."
				+ " See docs/distributed.md." },
		optionListHeading = "%nOPTIONS%n")
final class AgentCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Option(names = "--port", paramLabel = "PORT", defaultValue = "" + Agent.DEFAULT_PORT,
			description = "the port of its RMI registry, as --engines names it (default: ${DEFAULT-VALUE})")
	private int port;

	@Option(names = "--host", paramLabel = "ADDRESS",
			description = "the address the harness reaches this machine at (default: what its name resolves to)")
	private String host;

	@Option(names = "--rmi-keystore", paramLabel = "FILE",
			description = "the keystore of RMI over SSL (default: " + Agent.KEYSTORE + ")")
	private Path keystore;

	@Option(names = "--rmi-no-ssl",
			description = "plain RMI without SSL: only on a network you trust, and only with a harness that says so too")
	private boolean noSsl;

	@Option(names = "--init-keystore", description = "make the keystore (with the JDK's keytool, a key valid "
			+ Agent.KEY_DAYS + " days) and exit")
	private boolean initKeystore;

	@Override
	public Integer call() throws InterruptedException {
		PrintWriter out = this.spec.commandLine().getOut();
		if (this.port < 1 || this.port > 65_535) {
			throw new UsageException("--port must be a TCP port (1-65535), not " + this.port);
		}
		if (this.keystore != null && this.noSsl) {
			throw new UsageException("--rmi-keystore and --rmi-no-ssl exclude each other");
		}
		Path file = (this.keystore != null) ? this.keystore : Path.of(Agent.KEYSTORE);
		if (this.initKeystore) {
			if (this.noSsl) {
				throw new UsageException("--init-keystore makes a keystore for SSL, which --rmi-no-ssl turns off");
			}
			try {
				Keystore.create(file, Agent.KEY_DAYS);
			}
			catch (IllegalArgumentException ex) {
				throw new UsageException(ex.getMessage());
			}
			out.println("keystore: " + file.toAbsolutePath()
					+ " (copy it to the harness and to every agent; they all use the same one)");
			return ExitCode.OK;
		}
		if (!this.noSsl && !Files.isRegularFile(file)) {
			throw new UsageException("no keystore at " + file + ": make one with 'fluxbench agent --init-keystore', or"
					+ " pass --rmi-no-ssl on a network you trust");
		}
		Agent agent = new Agent(this.port, (this.host != null) ? this.host : Agent.defaultHost(),
				this.noSsl ? Optional.empty() : Optional.of(file.toAbsolutePath()));
		JourneyCounter.countForClients();
		agent.start(JourneyCounter::take);
		out.println("agent: " + agent.describe());
		out.flush();
		// JMeter's engine serves on RMI's threads until the process ends.
		new CountDownLatch(1).await();
		return ExitCode.OK;
	}

}
