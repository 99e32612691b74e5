package dev.fluxbench.harness.run;

import java.io.PrintWriter;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.launch.Redis;
import dev.fluxbench.harness.results.ResultsDirectory;
import dev.fluxbench.harness.results.RunJson;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.launcher.FreePort;
import dev.fluxbench.launcher.RunningService;

/**
 * What the launched stacks lean on, started only when some target is a built-in stack:
 * the downstream (passthrough target, file server and SOAP repository), the LDAP
 * directory for scenarios that authenticate, Redis for the distributed-cache variants.
 * They live for the whole run; their state is reset before each trial. A run of given
 * services starts none of them.
 */
final class Services implements AutoCloseable {

	private final Optional<RunningService> downstream;

	private final Optional<RunningService> directory;

	private final Optional<URI> directoryUrl;

	private final Optional<Redis> redis;

	private Services(Optional<RunningService> downstream, Optional<RunningService> directory,
			Optional<URI> directoryUrl, Optional<Redis> redis) {
		this.downstream = downstream;
		this.directory = directory;
		this.directoryUrl = directoryUrl;
		this.redis = redis;
	}

	static Services none() {
		return new Services(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
	}

	static Services start(Launcher launcher, Scenario scenario, List<Stack> stacks, int downstreamPort,
			ResultsDirectory results, PrintWriter out) {
		Optional<Redis> redis = stacks.stream().anyMatch((stack) -> stack.cache() == Stack.Cache.DISTRIBUTED)
				? Optional.of(Redis.LOCAL) : Optional.empty();
		redis.ifPresent(Redis::check);
		out.println("starting the downstream");
		RunningService downstream = launcher.startDownstream(downstreamPort, results.downstreamLog());
		if (!scenario.needsDirectory()) {
			return new Services(Optional.of(downstream), Optional.empty(), Optional.empty(), redis);
		}
		try {
			out.println("starting the LDAP directory");
			int ldapPort = FreePort.find();
			RunningService directory = launcher.startDirectory(ldapPort, results.directoryLog());
			return new Services(Optional.of(downstream), Optional.of(directory),
					Optional.of(URI.create("ldap://127.0.0.1:" + ldapPort)), redis);
		}
		catch (RuntimeException ex) {
			downstream.close();
			throw ex;
		}
	}

	URI downstreamUri() {
		return this.downstream.orElseThrow(() -> new IllegalStateException("no downstream was started")).baseUri();
	}

	Optional<URI> directoryUrl() {
		return this.directoryUrl;
	}

	/**
	 * The processes whose CPU and RSS metrics.csv records next to the app's, by source
	 * name.
	 */
	Map<String, Long> pids() {
		Map<String, Long> pids = new LinkedHashMap<>();
		this.downstream.ifPresent((service) -> pids.put("downstream", service.pid()));
		this.directory.ifPresent((service) -> pids.put("ldap", service.pid()));
		return pids;
	}

	/** A cold cache for every trial of a cached variant, whatever ran before it. */
	void reset(Stack stack) {
		if (stack.cache() == Stack.Cache.DISTRIBUTED) {
			this.redis.ifPresent(Redis::flush);
		}
	}

	/** The run as run.json records it, with these services. */
	RunJson describe(RunJson run) {
		return run.withServices(
				this.downstream.map((service) -> new RunJson.Downstream(service.port(), service.spec().jvmFlags())),
				this.directory.map((service) -> new RunJson.Directory(this.directoryUrl.orElseThrow(), service.pid(),
						service.spec().jvmFlags())),
				this.redis.map((redis) -> new RunJson.Redis(redis.host(), redis.port(), redis.database())));
	}

	@Override
	public void close() {
		try {
			this.directory.ifPresent(RunningService::close);
		}
		finally {
			this.downstream.ifPresent(RunningService::close);
		}
	}

}
