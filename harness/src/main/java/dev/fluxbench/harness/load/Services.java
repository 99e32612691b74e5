package dev.fluxbench.harness.load;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.launch.Launcher;
import dev.fluxbench.harness.launch.Redis;
import dev.fluxbench.harness.scenario.Scenario;
import dev.fluxbench.harness.scenario.Stack;
import dev.fluxbench.launcher.FreePort;
import dev.fluxbench.launcher.RunningService;

/**
 * What the stacks lean on besides the downstream, started only when the scenario or a variant
 * needs it: the LDAP directory for scenarios that authenticate, Redis for the distributed-cache
 * variants. They live for the whole run, like the downstream; their state is reset before each
 * trial.
 */
final class Services implements AutoCloseable {

	private final Optional<RunningService> directory;

	private final Optional<URI> directoryUrl;

	private final Optional<Redis> redis;

	private Services(Optional<RunningService> directory, Optional<URI> directoryUrl, Optional<Redis> redis) {
		this.directory = directory;
		this.directoryUrl = directoryUrl;
		this.redis = redis;
	}

	static Services start(Launcher launcher, Scenario scenario, List<Stack> stacks, Path directoryLog,
			PrintWriter out) {
		Optional<Redis> redis = stacks.stream().anyMatch((stack) -> stack.cache() == Stack.Cache.DISTRIBUTED)
				? Optional.of(Redis.LOCAL) : Optional.empty();
		redis.ifPresent(Redis::check);
		if (!scenario.needsDirectory()) {
			return new Services(Optional.empty(), Optional.empty(), redis);
		}
		out.println("starting the LDAP directory");
		int ldapPort = FreePort.find();
		RunningService directory = launcher.startDirectory(ldapPort, directoryLog);
		return new Services(Optional.of(directory), Optional.of(URI.create("ldap://127.0.0.1:" + ldapPort)), redis);
	}

	Optional<URI> directoryUrl() {
		return this.directoryUrl;
	}

	/** The processes whose CPU and RSS metrics.csv records next to the app's, by source name. */
	Map<String, Long> pids(RunningService downstream) {
		Map<String, Long> pids = new LinkedHashMap<>();
		pids.put("downstream", downstream.pid());
		this.directory.ifPresent((service) -> pids.put("ldap", service.pid()));
		return pids;
	}

	/** A cold cache for every trial of a cached variant, whatever ran before it. */
	void reset(Stack stack) {
		if (stack.cache() == Stack.Cache.DISTRIBUTED) {
			this.redis.ifPresent(Redis::flush);
		}
	}

	/** What run.json records of them. */
	void describe(Map<String, Object> run) {
		this.directory.ifPresent((service) -> {
			Map<String, Object> described = new LinkedHashMap<>();
			described.put("url", this.directoryUrl.orElseThrow().toString());
			described.put("pid", service.pid());
			described.put("jvmFlags", service.spec().jvmFlags());
			run.put("directory", described);
		});
		this.redis.ifPresent((redis) -> run.put("redis",
				Map.of("host", redis.host(), "port", redis.port(), "database", redis.database())));
	}

	@Override
	public void close() {
		this.directory.ifPresent(RunningService::close);
	}

}
