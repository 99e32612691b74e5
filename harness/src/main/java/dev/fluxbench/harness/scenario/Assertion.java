package dev.fluxbench.harness.scenario;

import java.time.Duration;
import java.util.Optional;

/**
 * A pass/fail criterion of a scenario, checked against each load's measured figures. A failed one
 * makes {@code fluxbench run} exit with 1, after all the measurements were written.
 */
public sealed interface Assertion {

	/** The violation, in words, or empty when the figures hold. */
	Optional<String> check(Duration p99, long errors);

	static Assertion p99Below(Duration limit) {
		return new P99Below(limit);
	}

	static Assertion errorsBelow(long limit) {
		return new ErrorsBelow(limit);
	}

	record P99Below(Duration limit) implements Assertion {

		@Override
		public Optional<String> check(Duration p99, long errors) {
			return (p99.compareTo(this.limit) < 0) ? Optional.empty()
					: Optional.of("p99 " + p99.toMillis() + " ms is not below " + this.limit.toMillis() + " ms");
		}

		@Override
		public String toString() {
			return "p99 < " + this.limit.toMillis() + " ms";
		}

	}

	record ErrorsBelow(long limit) implements Assertion {

		@Override
		public Optional<String> check(Duration p99, long errors) {
			return (errors < this.limit) ? Optional.empty()
					: Optional.of(errors + " errors is not below " + this.limit);
		}

		@Override
		public String toString() {
			return "errors < " + this.limit;
		}

	}

}
