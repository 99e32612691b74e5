package dev.fluxbench.app.system;

import java.io.IOException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * {@code fluxbench.server.max-in-flight}: a request past the limit is answered 503
 * {@code overloaded} at once, before security, a pool or the heap is spent on it. A
 * semaphore taken without waiting, so that it costs a platform thread and a virtual
 * thread alike nothing when it is full.
 */
// After Boot's observation filter, so that refused requests are in http_server_requests
// too.
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class InFlightLimiter extends OncePerRequestFilter {

	private final int limit;

	private final Semaphore permits;

	private final String actuatorPath;

	private final Overload overload;

	InFlightLimiter(InFlightProperties properties, ObjectProvider<MeterRegistry> registry, String actuatorPath) {
		this.limit = properties.maxInFlight();
		this.permits = properties.limited() ? new Semaphore(properties.maxInFlight()) : null;
		this.actuatorPath = actuatorPath;
		this.overload = Overload.of(registry);
	}

	/**
	 * Off, or the actuator: probes and scrapes must answer when the app is full, or an
	 * overloaded app would look dead to the harness and its metrics would be lost when
	 * they matter most.
	 */
	@Override
	protected boolean shouldNotFilter(HttpServletRequest request) {
		String path = request.getRequestURI();
		return this.permits == null || path.equals(this.actuatorPath) || path.startsWith(this.actuatorPath + "/");
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!this.permits.tryAcquire()) {
			refuse(request, response);
			return;
		}
		Runnable release = releaseOnce();
		try {
			chain.doFilter(request, response);
		}
		finally {
			// An asynchronous request is still in flight when its first dispatch returns.
			if (request.isAsyncStarted()) {
				request.getAsyncContext().addListener(new ReleaseOnEnd(release));
			}
			else {
				release.run();
			}
		}
	}

	private Runnable releaseOnce() {
		AtomicBoolean released = new AtomicBoolean();
		return () -> {
			if (released.compareAndSet(false, true)) {
				this.permits.release();
			}
		};
	}

	private void refuse(HttpServletRequest request, HttpServletResponse response) throws IOException {
		this.overload.refused(ProblemType.OVERLOADED);
		Problem problem = Problem.of(ProblemType.OVERLOADED, "Too many requests are in flight; try again later.");
		response.setStatus(problem.type().status());
		response.setHeader(HttpHeaders.RETRY_AFTER, Overload.retryAfter());
		response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
		response.getOutputStream().write(ProblemDetails.json(problem, request.getRequestURI()));
	}

	/**
	 * The requests in flight now, for tests that prove every end gives its place back.
	 */
	int inFlight() {
		return (this.permits != null) ? this.limit - this.permits.availablePermits() : 0;
	}

	private record ReleaseOnEnd(Runnable release) implements AsyncListener {

		@Override
		public void onComplete(AsyncEvent event) {
			this.release.run();
		}

		@Override
		public void onTimeout(AsyncEvent event) {
		}

		@Override
		public void onError(AsyncEvent event) {
		}

		@Override
		public void onStartAsync(AsyncEvent event) {
		}

	}

}
