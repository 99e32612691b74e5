package dev.fluxbench.app.chain;

import dev.fluxbench.app.system.Stack;
import dev.fluxbench.contract.chain.ChainDto;
import io.github.resilience4j.reactor.bulkhead.operator.BulkheadOperator;
import io.github.resilience4j.reactor.circuitbreaker.operator.CircuitBreakerOperator;
import io.github.resilience4j.reactor.timelimiter.TimeLimiterOperator;
import reactor.core.publisher.Mono;

import org.springframework.http.HttpHeaders;
import org.springframework.stereotype.Component;

/**
 * Service B behind its guards, in Resilience4j's own order (that of its Spring aspects):
 * the circuit breaker outside, the time limiter inside it, the optional bulkhead around
 * the call. The call holds no thread while it waits; the limiter's timeout cancels it,
 * which closes its connection.
 */
@Component
class GuardedServiceB {

	private final ServiceBClient client;

	private final DownstreamGuards guards;

	private final Stack stack;

	GuardedServiceB(ServiceBClient client, DownstreamGuards guards, Stack stack) {
		this.client = client;
		this.guards = guards;
		this.stack = stack;
	}

	/** B's payload as this hop's answer, or the fallback when B cannot give it. */
	Mono<ChainDto> answer(ChainRequest request, HttpHeaders incoming) {
		return guarded(this.client.fetch(request, incoming))
			.map((payload) -> ChainDto.answered(request.id(), this.stack.name(), request.bytes(), payload))
			.onErrorResume(Fallback::applies, (ex) -> Mono.just(Fallback.answer(ex, request, this.stack.name())));
	}

	private <T> Mono<T> guarded(Mono<T> call) {
		Mono<T> bulkheaded = this.guards.bulkhead()
			.map((bulkhead) -> call.transformDeferred(BulkheadOperator.of(bulkhead)))
			.orElse(call);
		return bulkheaded.transformDeferred(TimeLimiterOperator.of(this.guards.timeLimiter()))
			.transformDeferred(CircuitBreakerOperator.of(this.guards.circuitBreaker()));
	}

}
