package dev.fluxbench.app.chain;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

import dev.fluxbench.app.system.Stack;
import dev.fluxbench.contract.chain.ChainDto;
import io.github.resilience4j.bulkhead.Bulkhead;
import io.github.resilience4j.circuitbreaker.CircuitBreaker;
import io.github.resilience4j.timelimiter.TimeLimiter;

import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * Service B behind its guards, in Resilience4j's own order (that of its Spring aspects):
 * the circuit breaker outside, the time limiter inside it, the optional bulkhead around
 * the call. The call runs on a thread of its own ({@code serviceBCalls}) while the
 * request thread waits at most the limiter's timeout, as Hystrix's thread-pool isolation
 * did; on a timeout the limiter interrupts it, which ends a virtual thread's socket read
 * at once and a platform thread's at the client's read timeout, the limiter's too.
 */
@Component
class GuardedServiceB {

	private final ServiceBClient client;

	private final DownstreamGuards guards;

	private final ExecutorService calls;

	private final Stack stack;

	GuardedServiceB(ServiceBClient client, DownstreamGuards guards, ExecutorService serviceBCalls, Stack stack) {
		this.client = client;
		this.guards = guards;
		this.calls = serviceBCalls;
		this.stack = stack;
	}

	/** B's payload as this hop's answer, or the fallback when B cannot give it. */
	ChainDto answer(ChainRequest request, HttpHeaders incoming) {
		try {
			String payload = guarded(() -> this.client.fetch(request, incoming));
			return ChainDto.answered(request.id(), this.stack.name(), request.bytes(), payload);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException("Interrupted while waiting for service B", ex);
		}
		catch (Exception ex) {
			if (Fallback.applies(ex)) {
				return Fallback.answer(ex, request, this.stack.name());
			}
			if (ex instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException("The call to service B failed", ex);
		}
	}

	private <T> T guarded(Callable<T> call) throws Exception {
		Supplier<Future<T>> submitted = () -> submit(call);
		Supplier<Future<T>> bulkheaded = this.guards.bulkhead()
			.map((bulkhead) -> Bulkhead.decorateFuture(bulkhead, submitted))
			.orElse(submitted);
		Callable<T> limited = TimeLimiter.decorateFutureSupplier(this.guards.timeLimiter(), bulkheaded);
		return CircuitBreaker.decorateCallable(this.guards.circuitBreaker(), limited).call();
	}

	private <T> Future<T> submit(Callable<T> call) {
		try {
			return this.calls.submit(call);
		}
		catch (RejectedExecutionException ex) {
			throw ServiceBException.saturated(ex);
		}
	}

}
