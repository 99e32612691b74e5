package dev.fluxbench.harness.results;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.fluxbench.contract.fault.FaultPhase;

/**
 * {@code run.json}: what a run was set up to do and how far it got, rewritten whole as it
 * goes (see docs/results-layout.md). The benchmark writes it and the report reads it,
 * both through this record. A file from a killed run or from an older harness reads too:
 * what it lacks comes back empty, and the names runs used before targets existed
 * ({@code stacks}, {@code stackRuns}, {@code stack}) are read as today's.
 *
 * @param formatVersion {@link #FORMAT_VERSION} when written; 0 in files from before it
 * existed
 * @param fluxbench the harness version
 * @param commandLine the arguments as given
 * @param status how far the run got
 * @param failure with {@link Status#FAILED}, why, in one line (a stack did not start,
 * say)
 * @param started when the run started
 * @param ended when it finished, failed or was interrupted; empty while it runs, and
 * after SIGKILL
 * @param jdk the harness' JVM
 * @param os the machine's operating system
 * @param cores processors counted before the generator was pinned
 * @param cpuLayout which CPUs the app and the generator were given
 * @param appJvmFlags the flags every launched stack got, identical across stacks
 * @param libraries versions of the harness' libraries, by name
 * @param git the commit the project was at
 * @param scenario the scenario as it ran, after every option was applied
 * @param scale the factor users and durations were multiplied by; 1 when not recorded
 * @param trials how many times each target was measured; 1 when not recorded
 * @param warmup how long each target was driven, unrecorded, before measuring
 * @param targets target ids, in the first trial's order
 * @param targetDescriptions what each target is
 * @param database the launched stacks' database
 * @param downstream the downstream the launched stacks called
 * @param directory the LDAP directory, when the scenario authenticates
 * @param redis the shared cache, when a distributed-cache variant ran
 * @param targetRuns every start of a target, in the order they ran
 * @param failedAssertions at the end, every assertion that failed, as the console printed
 * it
 * @param faults the downstream's fault schedule, set anew when each measured load
 * started; empty when the downstream stayed healthy
 * @param maxInFlight the launched stacks' limit on requests in flight
 * ({@code --max-in-flight}); empty when they had none, as the seeds ran them
 * @param calibration how the generator compared with wrk on this machine
 * ({@code fluxbench calibrate}, given with {@code --calibration}); empty when not given,
 * and in files of harnesses that had no calibration
 * @param prometheus the Prometheus that scraped the run ({@code --prometheus}); empty
 * without one, and in files of harnesses that had none
 * @param engines the JMeter remote engines that ran the measured loads
 * ({@code --engines}); empty when the harness ran them itself
 * @param cluster the nodes each launched stack ran on behind nginx ({@code --nodes});
 * empty for a stack alone
 * @param mixed every target under load at the same time, each with its share of every
 * load ({@code --mixed}); empty when they took turns
 */
public record RunJson(int formatVersion, String fluxbench, List<String> commandLine, Status status,
		Optional<String> failure, Optional<Instant> started, Optional<Instant> ended, Jdk jdk, Os os, int cores,
		CpuLayout cpuLayout, List<String> appJvmFlags, Map<String, String> libraries, Git git, Scenario scenario,
		double scale, int trials, Optional<Duration> warmup, @JsonAlias("stacks") List<String> targets,
		List<TargetDescription> targetDescriptions, Optional<String> database, Optional<Downstream> downstream,
		Optional<Directory> directory, Optional<Redis> redis, @JsonAlias("stackRuns") List<TargetRun> targetRuns,
		List<String> failedAssertions, Optional<Faults> faults, Optional<Integer> maxInFlight,
		Optional<CalibrationJson> calibration, Optional<PrometheusJson> prometheus, Optional<Engines> engines,
		Optional<Cluster> cluster, Optional<Mixed> mixed) {

	/** Raised when a key changes meaning; readers keep reading every earlier version. */
	public static final int FORMAT_VERSION = 1;

	public RunJson {
		fluxbench = ResultJson.text(fluxbench);
		commandLine = ResultJson.list(commandLine);
		status = (status != null) ? status : Status.UNKNOWN;
		failure = ResultJson.optional(failure);
		started = ResultJson.optional(started);
		ended = ResultJson.optional(ended);
		jdk = (jdk != null) ? jdk : new Jdk(null, null, null, null);
		os = (os != null) ? os : new Os(null, null, null);
		cpuLayout = (cpuLayout != null) ? cpuLayout : new CpuLayout(false, null, null, null, 0);
		appJvmFlags = ResultJson.list(appJvmFlags);
		libraries = ResultJson.map(libraries);
		git = (git != null) ? git : new Git(null, null);
		scenario = (scenario != null) ? scenario : new Scenario(null, null, null, null, null, null, null, null, null,
				null, null, null, null, null, null, null, null, null, null);
		// Neither can be 0 in a run: 0 means the key was missing, as in the first
		// harness' files.
		scale = (scale > 0) ? scale : 1;
		trials = (trials > 0) ? trials : 1;
		warmup = ResultJson.optional(warmup);
		targets = ResultJson.list(targets);
		targetDescriptions = ResultJson.list(targetDescriptions);
		database = ResultJson.optional(database);
		downstream = ResultJson.optional(downstream);
		directory = ResultJson.optional(directory);
		redis = ResultJson.optional(redis);
		targetRuns = ResultJson.list(targetRuns);
		failedAssertions = ResultJson.list(failedAssertions);
		faults = ResultJson.optional(faults);
		maxInFlight = ResultJson.optional(maxInFlight);
		calibration = ResultJson.optional(calibration);
		prometheus = ResultJson.optional(prometheus);
		engines = ResultJson.optional(engines);
		cluster = ResultJson.optional(cluster);
		mixed = ResultJson.optional(mixed);
	}

	/**
	 * A run as its core describes it: every key that a later harness added (faults, the
	 * in-flight limit, calibration, Prometheus, engines, nodes, the mixed run) is empty,
	 * and the {@code with...} methods set them.
	 */
	public RunJson(int formatVersion, String fluxbench, List<String> commandLine, Status status,
			Optional<String> failure, Optional<Instant> started, Optional<Instant> ended, Jdk jdk, Os os, int cores,
			CpuLayout cpuLayout, List<String> appJvmFlags, Map<String, String> libraries, Git git, Scenario scenario,
			double scale, int trials, Optional<Duration> warmup, List<String> targets,
			List<TargetDescription> targetDescriptions, Optional<String> database, Optional<Downstream> downstream,
			Optional<Directory> directory, Optional<Redis> redis, List<TargetRun> targetRuns,
			List<String> failedAssertions) {
		this(formatVersion, fluxbench, commandLine, status, failure, started, ended, jdk, os, cores, cpuLayout,
				appJvmFlags, libraries, git, scenario, scale, trials, warmup, targets, targetDescriptions, database,
				downstream, directory, redis, targetRuns, failedAssertions, Optional.empty(), Optional.empty(),
				Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
	}

	/**
	 * Reads a run.json, leniently (see the type's description).
	 * @throws IllegalArgumentException in one line, when the file is not JSON or holds no
	 * object
	 */
	public static RunJson read(Path file) {
		return ResultJson.read(file, RunJson.class, "run.json");
	}

	/** Replaces the file whole, so that a kill mid-write leaves the previous version. */
	public void write(Path file) {
		ResultsDirectory.writeAtomically(file, ResultJson.write(this));
	}

	/** The same run with the services the launched stacks lean on. */
	public RunJson withServices(Optional<Downstream> downstream, Optional<Directory> directory, Optional<Redis> redis) {
		return copy((copy) -> {
			copy.downstream = downstream;
			copy.directory = directory;
			copy.redis = redis;
		});
	}

	/** The same run as it stands now: what changes while it runs. */
	public RunJson withProgress(Status status, Optional<String> failure, Optional<Instant> ended,
			List<TargetRun> targetRuns, List<String> failedAssertions) {
		return copy((copy) -> {
			copy.status = status;
			copy.failure = failure;
			copy.ended = ended;
			copy.targetRuns = targetRuns;
			copy.failedAssertions = failedAssertions;
		});
	}

	/** The same run, with the downstream's fault schedule. */
	public RunJson withFaults(Optional<Faults> faults) {
		return copy((copy) -> copy.faults = faults);
	}

	/** The same run, with the launched stacks' limit on requests in flight. */
	public RunJson withMaxInFlight(Optional<Integer> maxInFlight) {
		return copy((copy) -> copy.maxInFlight = maxInFlight);
	}

	/** The same run, with how its generator compared with wrk. */
	public RunJson withCalibration(Optional<CalibrationJson> calibration) {
		return copy((copy) -> copy.calibration = calibration);
	}

	/** The same run, with the Prometheus that scrapes it. */
	public RunJson withPrometheus(Optional<PrometheusJson> prometheus) {
		return copy((copy) -> copy.prometheus = prometheus);
	}

	/** The same run, with the JMeter remote engines that ran its loads. */
	public RunJson withEngines(Optional<Engines> engines) {
		return copy((copy) -> copy.engines = engines);
	}

	/** The same run, with the nodes its stacks ran on behind a balancer. */
	public RunJson withCluster(Optional<Cluster> cluster) {
		return copy((copy) -> copy.cluster = cluster);
	}

	/** The same run, with its targets under load all at once. */
	public RunJson withMixed(Optional<Mixed> mixed) {
		return copy((copy) -> copy.mixed = mixed);
	}

	private RunJson copy(Consumer<Copy> change) {
		Copy copy = new Copy(this);
		change.accept(copy);
		return copy.build();
	}

	/**
	 * Every key of a run, to change: one place that lists them all, so that each
	 * {@code with...} method names only what it changes.
	 */
	private static final class Copy {

		private final int formatVersion;

		private final String fluxbench;

		private final List<String> commandLine;

		Status status;

		Optional<String> failure;

		private final Optional<Instant> started;

		Optional<Instant> ended;

		private final Jdk jdk;

		private final Os os;

		private final int cores;

		private final CpuLayout cpuLayout;

		private final List<String> appJvmFlags;

		private final Map<String, String> libraries;

		private final Git git;

		private final Scenario scenario;

		private final double scale;

		private final int trials;

		private final Optional<Duration> warmup;

		private final List<String> targets;

		private final List<TargetDescription> targetDescriptions;

		private final Optional<String> database;

		Optional<Downstream> downstream;

		Optional<Directory> directory;

		Optional<Redis> redis;

		List<TargetRun> targetRuns;

		List<String> failedAssertions;

		Optional<Faults> faults;

		Optional<Integer> maxInFlight;

		Optional<CalibrationJson> calibration;

		Optional<PrometheusJson> prometheus;

		Optional<Engines> engines;

		Optional<Cluster> cluster;

		Optional<Mixed> mixed;

		Copy(RunJson run) {
			this.formatVersion = run.formatVersion;
			this.fluxbench = run.fluxbench;
			this.commandLine = run.commandLine;
			this.status = run.status;
			this.failure = run.failure;
			this.started = run.started;
			this.ended = run.ended;
			this.jdk = run.jdk;
			this.os = run.os;
			this.cores = run.cores;
			this.cpuLayout = run.cpuLayout;
			this.appJvmFlags = run.appJvmFlags;
			this.libraries = run.libraries;
			this.git = run.git;
			this.scenario = run.scenario;
			this.scale = run.scale;
			this.trials = run.trials;
			this.warmup = run.warmup;
			this.targets = run.targets;
			this.targetDescriptions = run.targetDescriptions;
			this.database = run.database;
			this.downstream = run.downstream;
			this.directory = run.directory;
			this.redis = run.redis;
			this.targetRuns = run.targetRuns;
			this.failedAssertions = run.failedAssertions;
			this.faults = run.faults;
			this.maxInFlight = run.maxInFlight;
			this.calibration = run.calibration;
			this.prometheus = run.prometheus;
			this.engines = run.engines;
			this.cluster = run.cluster;
			this.mixed = run.mixed;
		}

		RunJson build() {
			return new RunJson(this.formatVersion, this.fluxbench, this.commandLine, this.status, this.failure,
					this.started, this.ended, this.jdk, this.os, this.cores, this.cpuLayout, this.appJvmFlags,
					this.libraries, this.git, this.scenario, this.scale, this.trials, this.warmup, this.targets,
					this.targetDescriptions, this.database, this.downstream, this.directory, this.redis,
					this.targetRuns, this.failedAssertions, this.faults, this.maxInFlight, this.calibration,
					this.prometheus, this.engines, this.cluster, this.mixed);
		}

	}

	/**
	 * Several nodes of each launched stack behind nginx, round-robin: what metrics.csv
	 * tells apart by a {@code node="N"} label, and the balancer's every limit.
	 *
	 * @param nodes how many nodes of each stack
	 * @param balancer the balancer, as {@code nginx}
	 * @param settings its configuration's limits, by directive
	 */
	public record Cluster(int nodes, String balancer, Map<String, String> settings) {

		public Cluster {
			balancer = ResultJson.text(balancer);
			settings = ResultJson.map(settings);
		}

	}

	/**
	 * Every target under load at the same time, on one shared database, each with an even
	 * share of every load's users or rate (seed 001's mixed run).
	 *
	 * @param targets the targets that shared each load
	 * @param split what each target ran of a load
	 * @param databaseActivity where the shared database's own activity was read from, or
	 * why it was not
	 */
	public record Mixed(List<String> targets, String split, String databaseActivity) {

		public Mixed {
			targets = ResultJson.list(targets);
			split = ResultJson.text(split);
			databaseActivity = ResultJson.text(databaseActivity);
		}

	}

	/**
	 * The JMeter remote engines that ran a run's measured loads, each with an even share
	 * of every load's users or rate.
	 *
	 * @param addresses each engine's {@code host:port}, as samples.csv names it
	 * @param rmi how the harness reached them: over SSL, or plain on a trusted network
	 * @param split what each engine ran, and what ran in the harness itself
	 */
	public record Engines(List<String> addresses, String rmi, String split) {

		public Engines {
			addresses = ResultJson.list(addresses);
			rmi = ResultJson.text(rmi);
			split = ResultJson.text(split);
		}

	}

	/** How far a run got. */
	public enum Status {

		RUNNING,

		FINISHED,

		/**
		 * Something went wrong, as a stack that did not start: {@link RunJson#failure()}
		 * says what.
		 */
		FAILED,

		/** Ctrl-C or SIGTERM. A run killed with SIGKILL stays {@link #RUNNING}. */
		INTERRUPTED,

		/** Not recorded, or a word a later harness uses. */
		@JsonEnumDefaultValue
		UNKNOWN;

		/** The word in the file. */
		@JsonValue
		public String word() {
			return name().toLowerCase(Locale.ROOT);
		}

	}

	/** The harness' JVM. */
	public record Jdk(String version, String vendor, String vm, String home) {

		public Jdk {
			version = ResultJson.text(version);
			vendor = ResultJson.text(vendor);
			vm = ResultJson.text(vm);
			home = ResultJson.text(home);
		}

	}

	/** The machine's operating system. */
	public record Os(String name, String version, String arch) {

		public Os {
			name = ResultJson.text(name);
			version = ResultJson.text(version);
			arch = ResultJson.text(arch);
		}

	}

	/**
	 * Which CPUs did what, as taskset CPU lists.
	 *
	 * @param pinned whether the app and the generator had CPUs of their own; when not,
	 * the rest is empty
	 * @param app the app's CPUs
	 * @param generatorAndDownstream the harness' and the downstream's CPUs
	 * @param database where the database ran
	 * @param appActiveProcessorCount the processors the app's JVM was told it has
	 */
	public record CpuLayout(boolean pinned, String app, String generatorAndDownstream, String database,
			int appActiveProcessorCount) {

		public CpuLayout {
			app = ResultJson.text(app);
			generatorAndDownstream = ResultJson.text(generatorAndDownstream);
			database = ResultJson.text(database);
		}

	}

	/**
	 * The project's commit.
	 *
	 * @param commit the full hash, "unknown" outside a repository
	 * @param dirty whether tracked files had changes; empty when git could not tell
	 */
	public record Git(String commit, Optional<Boolean> dirty) {

		public Git {
			commit = ResultJson.text(commit);
			dirty = ResultJson.optional(dirty);
		}

	}

	/**
	 * The scenario as it ran. Requests are recorded as their templates with header names
	 * only: a credential never reaches a result file.
	 *
	 * @param name the scenario's name
	 * @param description its one line
	 * @param source where it was read from
	 * @param seeds the seed documents it reproduces
	 * @param model closed or open, in words: "closed (loads are users)", "open (loads are
	 * target requests/s)"
	 * @param loads the load levels
	 * @param rampUp the first level's ramp-up
	 * @param termination the first level's end, in words
	 * @param levels every load level
	 * @param thinkTime the pause before each request, {@code MIN..MAX} as ISO-8601
	 * durations
	 * @param requests every request of the journey, once each
	 * @param journey what each user does per iteration
	 * @param round the requests of one iteration and the least time it takes; empty in
	 * older files
	 * @param feeders the feeder files, by name
	 * @param variables the variables' names (their values may be credentials)
	 * @param assertions what had to hold, as the scenario file states it
	 * @param maxThreads the open model's cap on generator threads
	 * @param connectTimeout how long the generator waited for a connection
	 * @param responseTimeout how long it waited for an answer
	 */
	public record Scenario(String name, String description, String source, List<String> seeds, String model,
			List<Integer> loads, Duration rampUp, String termination, List<Level> levels, String thinkTime,
			List<Request> requests, List<JourneyStep> journey, Optional<Round> round, List<String> feeders,
			List<String> variables, List<String> assertions, Optional<Integer> maxThreads,
			Optional<Duration> connectTimeout, Optional<Duration> responseTimeout) {

		public Scenario {
			name = ResultJson.text(name);
			description = ResultJson.text(description);
			source = ResultJson.text(source);
			seeds = ResultJson.list(seeds);
			model = ResultJson.text(model);
			loads = ResultJson.list(loads);
			rampUp = (rampUp != null) ? rampUp : Duration.ZERO;
			termination = ResultJson.text(termination);
			levels = ResultJson.list(levels);
			thinkTime = ResultJson.text(thinkTime);
			requests = ResultJson.list(requests);
			journey = ResultJson.list(journey);
			round = ResultJson.optional(round);
			feeders = ResultJson.list(feeders);
			variables = ResultJson.list(variables);
			assertions = ResultJson.list(assertions);
			maxThreads = ResultJson.optional(maxThreads);
			connectTimeout = ResultJson.optional(connectTimeout);
			responseTimeout = ResultJson.optional(responseTimeout);
		}

	}

	/**
	 * One load level: users or target requests/s, its ramp-up and how it ends, in words.
	 */
	public record Level(int load, Duration rampUp, String termination) {

		public Level {
			rampUp = (rampUp != null) ? rampUp : Duration.ZERO;
			termination = ResultJson.text(termination);
		}

	}

	/**
	 * A request of the journey, as a template.
	 *
	 * @param label its name in every result file
	 * @param method the HTTP method; empty in files that recorded requests as text
	 * @param path the path, with its variables unresolved
	 * @param expectedStatus the status that counts as success
	 * @param floor the least time an answer can take: the downstream delay of a
	 * passthrough
	 * @param headers the headers' names, never their values
	 * @param checks how many checks the answer must pass besides the status
	 * @param extractions the variables taken from the answer
	 * @param bodyPattern the first regular expression the body must match
	 * @param stopOnFailure whether a failed sample ended the user
	 */
	public record Request(String label, String method, String path, int expectedStatus, Duration floor,
			List<String> headers, int checks, List<String> extractions, Optional<String> bodyPattern,
			boolean stopOnFailure) {

		public Request {
			label = ResultJson.text(label);
			method = ResultJson.text(method);
			path = ResultJson.text(path);
			floor = (floor != null) ? floor : Duration.ZERO;
			headers = ResultJson.list(headers);
			extractions = ResultJson.list(extractions);
			bodyPattern = ResultJson.optional(bodyPattern);
		}

		/**
		 * Before requests were objects, run.json held each as
		 * {@code "label: METHOD path -> status"}.
		 */
		@JsonCreator
		static Request described(String text) {
			return new Request(text, "", "", 0, Duration.ZERO, List.of(), 0, List.of(), Optional.empty(), false);
		}

	}

	/** A step of the journey; which one is told by its only key. */
	@JsonTypeInfo(use = JsonTypeInfo.Id.DEDUCTION)
	@JsonSubTypes({ @JsonSubTypes.Type(JourneyStep.Send.class), @JsonSubTypes.Type(JourneyStep.Pause.class),
			@JsonSubTypes.Type(JourneyStep.Repeat.class) })
	public sealed interface JourneyStep {

		/** Sends the request of this label. */
		record Send(String request) implements JourneyStep {

			public Send {
				request = ResultJson.text(request);
			}

		}

		/** Waits, as {@code 1 s} or {@code 1 s..2 s} (uniform). */
		record Pause(String pause) implements JourneyStep {

			public Pause {
				pause = ResultJson.text(pause);
			}

		}

		/** Runs the steps {@code repeat} times in a row. */
		record Repeat(int repeat, List<JourneyStep> steps) implements JourneyStep {

			public Repeat {
				steps = ResultJson.list(steps);
			}

		}

	}

	/**
	 * One iteration of the journey, repeats and pauses counted.
	 *
	 * @param requests how many requests it sends
	 * @param floor the least time it takes: the requests' floors and the mean pauses
	 * @param hasFloor whether some request has a floor, without which Little's law says
	 * nothing
	 */
	public record Round(int requests, Duration floor, boolean hasFloor) {

		public Round {
			floor = (floor != null) ? floor : Duration.ZERO;
		}

	}

	/** What a target is; {@code kind} tells which. */
	@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
	@JsonSubTypes({ @JsonSubTypes.Type(value = TargetDescription.Launched.class, name = "launched"),
			@JsonSubTypes.Type(value = TargetDescription.Given.class, name = "given") })
	public sealed interface TargetDescription {

		/** The id on the command line and in every result file. */
		String id();

		/** One line for the console and the report. */
		String description();

		/**
		 * A built-in stack that fluxbench started.
		 *
		 * @param jar the jar, relative to the project
		 * @param profiles the Spring profiles it ran with
		 * @param cache its cache mode
		 */
		record Launched(String id, String jar, List<String> profiles, String cache,
				String description) implements TargetDescription {

			public Launched {
				id = ResultJson.text(id);
				jar = ResultJson.text(jar);
				profiles = ResultJson.list(profiles);
				cache = ResultJson.text(cache);
				description = ResultJson.text(description);
			}

		}

		/**
		 * A running service that fluxbench was given.
		 *
		 * @param baseUri where requests went
		 * @param metrics where its metrics came from, "none" when nowhere
		 */
		record Given(String id, URI baseUri, String metrics, String description) implements TargetDescription {

			public Given {
				id = ResultJson.text(id);
				metrics = ResultJson.text(metrics);
				description = ResultJson.text(description);
			}

		}

	}

	/** The downstream the launched stacks called: its port and JVM flags. */
	public record Downstream(int port, List<String> jvmFlags) {

		public Downstream {
			jvmFlags = ResultJson.list(jvmFlags);
		}

	}

	/** The LDAP directory scenarios that authenticate bind against. */
	public record Directory(URI url, long pid, List<String> jvmFlags) {

		public Directory {
			jvmFlags = ResultJson.list(jvmFlags);
		}

	}

	/** The Redis the distributed-cache variants share. */
	public record Redis(String host, int port, int database) {

		public Redis {
			host = ResultJson.text(host);
		}

	}

	/**
	 * One start of one target in one trial, with the loads it got through.
	 *
	 * @param trial the 1-based trial
	 * @param target the target's id
	 * @param pid a launched stack's process
	 * @param port the port it listened on
	 * @param args its program arguments
	 * @param startup how long it took to be ready
	 * @param info its {@code /actuator/info} as it answered; JSON null when it did not
	 * @param baseUri where a given service was driven
	 * @param warmup how its warm-up went; empty when it had none, and in files of
	 * harnesses that warmed up for a fixed time
	 * @param loads the loads that ran to their end, in order
	 * @param stopped when it was stopped, or when driving a given service ended
	 */
	public record TargetRun(int trial, @JsonAlias("stack") String target, Optional<Long> pid, Optional<Integer> port,
			List<String> args, Optional<Duration> startup, JsonNode info, Optional<URI> baseUri,
			Optional<Warmup> warmup, List<LoadRun> loads, Optional<Instant> stopped) {

		public TargetRun {
			// The first trial when a file does not say: older harnesses ran one.
			trial = (trial > 0) ? trial : 1;
			target = ResultJson.text(target);
			pid = ResultJson.optional(pid);
			port = ResultJson.optional(port);
			args = ResultJson.list(args);
			startup = ResultJson.optional(startup);
			info = (info != null) ? info : NullNode.getInstance();
			baseUri = ResultJson.optional(baseUri);
			warmup = ResultJson.optional(warmup);
			loads = ResultJson.list(loads);
			stopped = ResultJson.optional(stopped);
		}

		/** A target about to be started or driven: nothing known of it yet. */
		public static TargetRun starting(int trial, String target) {
			return new TargetRun(trial, target, Optional.empty(), Optional.empty(), List.of(), Optional.empty(), null,
					Optional.empty(), Optional.empty(), List.of(), Optional.empty());
		}

		/** The same run, of a stack fluxbench launched and found ready. */
		public TargetRun launched(long pid, int port, List<String> args, Duration startup, JsonNode info) {
			return new TargetRun(this.trial, this.target, Optional.of(pid), Optional.of(port), args,
					Optional.of(startup), info, this.baseUri, this.warmup, this.loads, this.stopped);
		}

		/** The same run, of a service at this address. */
		public TargetRun given(URI baseUri) {
			return new TargetRun(this.trial, this.target, this.pid, this.port, this.args, this.startup, this.info,
					Optional.of(baseUri), this.warmup, this.loads, this.stopped);
		}

		/** The same run, one finished load further. */
		public TargetRun withLoad(LoadRun load) {
			List<LoadRun> more = new ArrayList<>(this.loads);
			more.add(load);
			return new TargetRun(this.trial, this.target, this.pid, this.port, this.args, this.startup, this.info,
					this.baseUri, this.warmup, more, this.stopped);
		}

		/** The same run, over. */
		public TargetRun stoppedAt(Instant stopped) {
			return new TargetRun(this.trial, this.target, this.pid, this.port, this.args, this.startup, this.info,
					this.baseUri, this.warmup, this.loads, Optional.of(stopped));
		}

		/** The same run, warmed up. */
		public TargetRun warmedUp(Warmup warmup) {
			return new TargetRun(this.trial, this.target, this.pid, this.port, this.args, this.startup, this.info,
					this.baseUri, Optional.of(warmup), this.loads, this.stopped);
		}

	}

	/**
	 * A load level as it ran.
	 *
	 * @param load users, or target requests/s in the open model
	 * @param started when it began
	 * @param finished when it ended; a load without it did not finish, and enters no
	 * verdict
	 * @param samples how many samples it recorded
	 * @param errors how many of them failed
	 * @param verdict "ok", or the assertions that failed
	 * @param journeys how the users' journeys ended; empty in files of harnesses that did
	 * not count them
	 */
	public record LoadRun(int load, Optional<Instant> started, Optional<Instant> finished, long samples, long errors,
			String verdict, Optional<Journeys> journeys) {

		public LoadRun {
			started = ResultJson.optional(started);
			finished = ResultJson.optional(finished);
			verdict = ResultJson.text(verdict);
			journeys = ResultJson.optional(journeys);
		}

	}

	/**
	 * The fault profile the downstream ran through during every measured load: set when
	 * the load started, cleared when it ended (docs/faults.md). Each load's
	 * {@code faults.json} says when.
	 *
	 * @param phases the phases, in order, as the run used them (scaled with the rest)
	 * @param downstream where the schedule was set, for a downstream of the user's; empty
	 * for the one fluxbench started
	 */
	public record Faults(List<FaultPhase> phases, Optional<URI> downstream) {

		public Faults {
			phases = FaultsJson.phases(phases);
			downstream = ResultJson.optional(downstream);
		}

	}

}
