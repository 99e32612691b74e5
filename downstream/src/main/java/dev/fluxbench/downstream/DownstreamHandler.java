package dev.fluxbench.downstream;

import java.time.Duration;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Supplier;

import dev.fluxbench.contract.passthrough.Message;
import dev.fluxbench.contract.passthrough.MessageAck;
import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.Problem.InvalidField;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import reactor.core.publisher.Mono;

import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.server.ServerWebInputException;
import org.springframework.web.server.UnsupportedMediaTypeStatusException;

/**
 * The downstream's two resources. Every check happens before the wait, so a bad request is refused
 * at once instead of after the delay it asked for.
 */
@Component
class DownstreamHandler {

	private final Validator validator;

	private final Waits waits;

	private final Filler filler;

	private final Duration maxWait;

	DownstreamHandler(Validator validator, Waits waits, DownstreamServerProperties properties) {
		this.validator = validator;
		this.waits = waits;
		this.filler = new Filler((int) properties.maxBytes().toBytes());
		this.maxWait = properties.maxWait();
	}

	/** {@code POST /messages}: acknowledges the message once its delay is over. */
	Mono<ServerResponse> message(ServerRequest request) {
		return faults(request).flatMap((faults) -> request.bodyToMono(Message.class)
			.onErrorMap(UnsupportedMediaTypeStatusException.class,
					(ex) -> new ProblemException(BadInput.unsupportedMediaType(String.valueOf(ex.getContentType()),
							MediaType.APPLICATION_JSON_VALUE)))
			.onErrorMap(ServerWebInputException.class, (ex) -> new ProblemException(unreadable(request, ex)))
			.switchIfEmpty(Mono.error(() -> new ProblemException(BadInput.missingBody())))
			.map(this::valid)
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

	/* Deferred, so that a bad knob becomes an error signal the router's problem handler sees. */
	private Mono<Faults> faults(ServerRequest request) {
		return Mono.fromSupplier(() -> Faults.of(request.headers(), this.maxWait));
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

	/*
	 * An empty body reaches Jackson as an empty buffer or as no buffer at all, depending on the
	 * client; both are a missing body, not a shape Jackson failed to read.
	 */
	private static Problem unreadable(ServerRequest request, Throwable failure) {
		return (request.headers().contentLength().orElse(-1) == 0) ? BadInput.missingBody()
				: BadInput.unreadableBody(failure);
	}

	private Message valid(Message message) {
		Set<ConstraintViolation<Message>> violations = this.validator.validate(message);
		if (violations.isEmpty()) {
			return message;
		}
		List<InvalidField> errors = violations.stream()
			.map((violation) -> new InvalidField(violation.getPropertyPath().toString(), violation.getMessage()))
			.toList();
		throw new ProblemException(Problem.invalidFields(errors));
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
