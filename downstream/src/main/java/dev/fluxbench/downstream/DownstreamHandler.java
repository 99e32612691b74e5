package dev.fluxbench.downstream;

import java.time.Duration;
import java.util.OptionalInt;
import java.util.function.Supplier;

import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import dev.fluxbench.contract.problem.BadInput;
import jakarta.validation.Validator;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The downstream's two resources. Every check happens before the wait, so a bad request
 * is refused at once instead of after the delay it asked for.
 */
@Component
class DownstreamHandler {

	private final Validator validator;

	private final Waits waits;

	private final Filler filler;

	private final FaultSchedules schedules;

	private final Duration maxWait;

	DownstreamHandler(Validator validator, Waits waits, FaultSchedules schedules,
			DownstreamServerProperties properties) {
		this.validator = validator;
		this.waits = waits;
		this.schedules = schedules;
		this.filler = new Filler((int) properties.maxBytes().toBytes());
		this.maxWait = properties.maxWait();
	}

	/** {@code POST /messages}: acknowledges the message once its delay is over. */
	Mono<ServerResponse> message(ServerRequest request) {
		return faults(request).flatMap((faults) -> JsonBodies.read(request, Message.class, this.validator)
			.flatMap((message) -> answer(request, faults, Duration.ofMillis(message.delay()),
					() -> ServerResponse.ok().bodyValue(MessageAck.of(message)))));
	}

	/** {@code GET /delay/{ms}?bytes=N}: N filler bytes after {@code ms}. */
	Mono<ServerResponse> delay(ServerRequest request) {
		return faults(request).flatMap((faults) -> {
			String ms = request.pathVariable("ms");
			long millis = parameter("ms", ms, this.maxWait.toMillis(), "milliseconds");
			String bytes = request.queryParam("bytes").orElse("0");
			int length = (int) parameter("bytes", bytes, this.filler.capacity(), "bytes");
			return answer(request, faults, Duration.ofMillis(millis),
					() -> ServerResponse.ok()
						.contentType(MediaType.APPLICATION_OCTET_STREAM)
						.contentLength(length)
						.body(this.filler.body(length)));
		});
	}

	/*
	 * Deferred, so that a bad knob becomes an error signal the router's problem handler
	 * sees, and the schedule's phase is the one under way when the request arrives.
	 */
	private Mono<Faults> faults(ServerRequest request) {
		return Mono.fromSupplier(() -> Faults.of(request.headers(), this.maxWait, this.schedules::current));
	}

	private Mono<ServerResponse> answer(ServerRequest request, Faults faults, Duration delay,
			Supplier<Mono<ServerResponse>> success) {
		Mono<ServerResponse> answer = Mono.defer(() -> {
			OptionalInt failure = faults.failure();
			return failure.isPresent() ? Problems.injected(failure.getAsInt(), faults.failureKnob(), request)
					: success.get();
		});
		return this.waits.after(faults.wait(delay), answer);
	}

	private static long parameter(String name, String value, long max, String unit) {
		try {
			long parsed = Long.parseLong(value.strip());
			if (parsed >= 0 && parsed <= max) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// Falls through to the same answer as a number out of range.
		}
		throw new ProblemException(BadInput.invalidParameter(name, value, "expected " + unit + " from 0 to " + max));
	}

}
