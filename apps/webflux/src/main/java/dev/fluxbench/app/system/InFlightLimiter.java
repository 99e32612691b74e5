package dev.fluxbench.app.system;

import java.util.concurrent.atomic.AtomicInteger;

import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import io.micrometer.core.instrument.MeterRegistry;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatusCode;
import org.springframework.http.MediaType;
import org.springframework.http.server.reactive.ServerHttpResponse;
import org.springframework.web.server.ServerWebExchange;
import org.springframework.web.server.WebFilter;
import org.springframework.web.server.WebFilterChain;

/**
 * {@code fluxbench.server.max-in-flight}: a request past the limit is answered 503
 * {@code overloaded} at once, before security, a pool or the heap is spent on it. A
 * counter, never a lock: the event loop must not wait, and a request gives its place back
 * however it ends, cancelled by a client that went away included.
 */
// Before Spring Security's filters, so that a refused request costs no credential check.
@Order(Ordered.HIGHEST_PRECEDENCE + 10)
class InFlightLimiter implements WebFilter {

	private final int limit;

	private final AtomicInteger inFlight = new AtomicInteger();

	private final String actuatorPath;

	private final Overload overload;

	InFlightLimiter(InFlightProperties properties, ObjectProvider<MeterRegistry> registry, String actuatorPath) {
		this.limit = properties.maxInFlight();
		this.actuatorPath = actuatorPath;
		this.overload = Overload.of(registry);
	}

	@Override
	public Mono<Void> filter(ServerWebExchange exchange, WebFilterChain chain) {
		if (this.limit == 0 || isActuator(exchange)) {
			return chain.filter(exchange);
		}
		if (this.inFlight.incrementAndGet() > this.limit) {
			this.inFlight.decrementAndGet();
			return refuse(exchange);
		}
		// Once, on completion, error or cancellation alike.
		return chain.filter(exchange).doFinally((signal) -> this.inFlight.decrementAndGet());
	}

	/**
	 * Probes and scrapes must answer when the app is full, or an overloaded app would
	 * look dead to the harness and its metrics would be lost when they matter most.
	 */
	private boolean isActuator(ServerWebExchange exchange) {
		String path = exchange.getRequest().getPath().value();
		return path.equals(this.actuatorPath) || path.startsWith(this.actuatorPath + "/");
	}

	private Mono<Void> refuse(ServerWebExchange exchange) {
		this.overload.refused(ProblemType.OVERLOADED);
		Problem problem = Problem.of(ProblemType.OVERLOADED, "Too many requests are in flight; try again later.");
		ServerHttpResponse response = exchange.getResponse();
		response.setStatusCode(HttpStatusCode.valueOf(problem.type().status()));
		response.getHeaders().set(HttpHeaders.RETRY_AFTER, Overload.retryAfter());
		response.getHeaders().setContentType(MediaType.APPLICATION_PROBLEM_JSON);
		DataBuffer body = response.bufferFactory()
			.wrap(ProblemDetails.json(problem, exchange.getRequest().getPath().value()));
		return response.writeWith(Mono.just(body));
	}

	/**
	 * The requests in flight now, for tests that prove every end gives its place back.
	 */
	int inFlight() {
		return this.inFlight.get();
	}

}
