package dev.fluxbench.harness.target;

import java.net.URI;
import java.util.Optional;
import java.util.regex.Pattern;

import dev.fluxbench.harness.scenario.Stack;

/**
 * What a benchmark measures: a built-in stack that fluxbench starts as a child JVM, or a
 * running service it is given. Both are driven, recorded and compared alike; they differ
 * only in how a trial gets hold of a running one.
 */
public sealed interface Target {

	/** Target names become directory names and report columns. */
	Pattern ID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]*");

	/** The name on the command line and in every result file. */
	String id();

	/** One line for the console and the report. */
	String description();

	/**
	 * A built-in stack, started fresh for every trial with the same JVM flags as the
	 * others.
	 */
	record Launched(Stack stack) implements Target {

		@Override
		public String id() {
			return this.stack.id();
		}

		@Override
		public String description() {
			return this.stack.description();
		}

	}

	/**
	 * A service that is already running, which fluxbench only drives and watches.
	 *
	 * @param id the name given to it
	 * @param baseUri where requests go: scheme, host, port and an optional base path
	 * @param metrics where its metrics are, if anywhere
	 */
	record Given(String id, URI baseUri, Optional<MetricsSource> metrics) implements Target {

		@Override
		public String description() {
			return "a running service at " + this.baseUri + this.metrics.map((source) -> ", metrics from " + source)
				.orElse(", no metrics: client-side figures only");
		}

	}

}
