package dev.fluxbench.app.account;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;

import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * BCrypt, counting what its checks cost, so that a report can say how much of a journey's
 * CPU went into authentication rather than into the stack under test (the thesis' LDAP
 * binds taught us to separate the two). Exposed as
 * {@code fluxbench_password_checks_total} and
 * {@code fluxbench_password_check_seconds_total{clock}}: {@code clock="cpu"} is the
 * checking thread's CPU time; on a virtual thread the JDK measures none, so the check's
 * wall time is counted under {@code clock="wall"}, an upper bound of its CPU.
 */
public final class MeteredPasswordEncoder implements PasswordEncoder {

	private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

	private final PasswordEncoder delegate;

	private final Counter checks;

	private final Counter cpuSeconds;

	private final Counter wallSeconds;

	public MeteredPasswordEncoder(int cost, MeterRegistry registry) {
		this.delegate = new BCryptPasswordEncoder(cost);
		this.checks = Counter.builder("fluxbench.password.checks")
			.description("Password checks (BCrypt), successful or not")
			.register(registry);
		this.cpuSeconds = seconds(registry, "cpu");
		this.wallSeconds = seconds(registry, "wall");
	}

	private static Counter seconds(MeterRegistry registry, String clock) {
		return Counter.builder("fluxbench.password.check")
			.baseUnit("seconds")
			.description("Time spent checking passwords: thread CPU, or wall time where the JDK measures no CPU")
			.tag("clock", clock)
			.register(registry);
	}

	@Override
	public String encode(CharSequence rawPassword) {
		return this.delegate.encode(rawPassword);
	}

	@Override
	public boolean matches(CharSequence rawPassword, String encodedPassword) {
		long cpuBefore = THREADS.getCurrentThreadCpuTime();
		long wallBefore = System.nanoTime();
		try {
			return this.delegate.matches(rawPassword, encodedPassword);
		}
		finally {
			long cpuAfter = THREADS.getCurrentThreadCpuTime();
			this.checks.increment();
			if (cpuBefore >= 0 && cpuAfter >= 0) {
				this.cpuSeconds.increment((cpuAfter - cpuBefore) / 1e9);
			}
			else {
				this.wallSeconds.increment((System.nanoTime() - wallBefore) / 1e9);
			}
		}
	}

	@Override
	public boolean upgradeEncoding(String encodedPassword) {
		return false;
	}

}
