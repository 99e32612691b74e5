package dev.fluxbench.downstream;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Locale;

import dev.fluxbench.contract.passthrough.FaultHeaders;
import dev.fluxbench.contract.unit.SeedUnits;
import dev.fluxbench.contract.unit.UnitDto;
import dev.fluxbench.contract.unit.UnitSoap;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.core.io.buffer.DataBufferLimitException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;

/**
 * The partner's external repository (thesis, chapter 4: "query single data unit directly
 * from external data repositories to get the freshest data"): {@code POST /soap/units},
 * SOAP 1.1. It knows the seed's units, and more ids beyond them, one change newer than
 * the seed, so that an app that asks it for fresh data visibly gets something the
 * database does not have.
 *
 * <p>
 * Like the rest of the downstream it answers after a delay on a timer. A request it
 * cannot read is refused at once; a fault it is asked for comes after the delay, as a
 * failing repository costs its caller as much time as a healthy one.
 */
@Component
class SoapUnitHandler {

	/**
	 * Which broken answer to give: {@code fault}, {@code garbage} or {@code truncate}.
	 * Forwarded by the apps.
	 */
	static final String FAULT_BODY_HEADER = FaultHeaders.PREFIX + "Body";

	/** The delay for this one request, in milliseconds, instead of the configured one. */
	static final String DELAY_HEADER = "X-Delay-Ms";

	/**
	 * When the repository's units last changed: after the seed's, before any delta file's
	 * day.
	 */
	static final Instant CHANGED_AT = Instant.parse("2026-11-01T00:00:00Z");

	static final MediaType TEXT_XML = MediaType.parseMediaType(UnitSoap.CONTENT_TYPE);

	private static final byte[] GARBAGE = "%PDF-1.7 this is not the XML you are looking for \u0000\u00ff"
		.getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);

	private final Waits waits;

	private final long units;

	private final Duration delay;

	private final Duration maxWait;

	SoapUnitHandler(Waits waits, DownstreamServerProperties properties) {
		this.waits = waits;
		this.units = properties.soap().units();
		this.delay = properties.soap().delay();
		this.maxWait = properties.maxWait();
	}

	/** {@code POST /soap/units} with a {@code GetUnit} envelope. */
	Mono<ServerResponse> getUnit(ServerRequest request) {
		return request.bodyToMono(byte[].class).defaultIfEmpty(new byte[0]).flatMap((body) -> {
			checkAction(request);
			Duration wait = wait(request);
			BrokenBody broken = brokenBody(request);
			long id = SoapMessages.requestedId(body);
			return this.waits.after(wait, Mono.defer(() -> answer(id, broken)));
		})
			.onErrorResume(DataBufferLimitException.class,
					(ex) -> Mono.error(SoapFault.client("The request is too large for a GetUnit.")))
			.onErrorResume(SoapFault.class, SoapUnitHandler::fault);
	}

	/** The repository's unit {@code id}: the seed's formula, one version on. */
	@Nullable UnitDto unit(long id) {
		if (id < 1 || id > this.units) {
			return null;
		}
		UnitDto seeded = SeedUnits.unit(id);
		return new UnitDto(id, seeded.partner(), seeded.name(), seeded.category(), seeded.amount(), seeded.currency(),
				2, CHANGED_AT);
	}

	private Mono<ServerResponse> answer(long id, @Nullable BrokenBody broken) {
		if (broken == BrokenBody.FAULT) {
			return fault(SoapFault.server("Fault injected by " + FAULT_BODY_HEADER + "."));
		}
		byte[] xml = SoapMessages.utf8(SoapMessages.response(unit(id)));
		if (broken == BrokenBody.GARBAGE) {
			xml = GARBAGE;
		}
		else if (broken == BrokenBody.TRUNCATE) {
			xml = Arrays.copyOf(xml, xml.length / 2);
		}
		return ServerResponse.ok().contentType(TEXT_XML).contentLength(xml.length).bodyValue(xml);
	}

	private static Mono<ServerResponse> fault(SoapFault fault) {
		byte[] xml = SoapMessages.utf8(SoapMessages.fault(fault));
		return ServerResponse.status(HttpStatus.INTERNAL_SERVER_ERROR)
			.contentType(TEXT_XML)
			.contentLength(xml.length)
			.bodyValue(xml);
	}

	/*
	 * A SOAPAction of another operation is a client's mistake; an empty one means
	 * "see the URL".
	 */
	private static void checkAction(ServerRequest request) {
		String action = request.headers().firstHeader("SOAPAction");
		if (action == null) {
			return;
		}
		String unquoted = action.strip().replace("\"", "");
		if (!unquoted.isEmpty() && !unquoted.equals(UnitSoap.ACTION.replace("\"", ""))) {
			throw SoapFault.client("SOAPAction " + action + " is not " + UnitSoap.ACTION + ".");
		}
	}

	private Duration wait(ServerRequest request) {
		String value = request.headers().firstHeader(DELAY_HEADER);
		if (value == null) {
			return this.delay;
		}
		try {
			long millis = Long.parseLong(value.strip());
			if (millis >= 0 && millis <= this.maxWait.toMillis()) {
				return Duration.ofMillis(millis);
			}
		}
		catch (NumberFormatException ex) {
			// Falls through to the same answer as a number out of range.
		}
		throw SoapFault.client(
				DELAY_HEADER + " must be milliseconds from 0 to " + this.maxWait.toMillis() + ", not '" + value + "'.");
	}

	private static @Nullable BrokenBody brokenBody(ServerRequest request) {
		String value = request.headers().firstHeader(FAULT_BODY_HEADER);
		if (value == null) {
			return null;
		}
		try {
			return BrokenBody.valueOf(value.strip().toUpperCase(Locale.ROOT));
		}
		catch (IllegalArgumentException ex) {
			throw SoapFault.client(FAULT_BODY_HEADER + " must be fault, garbage or truncate, not '" + value + "'.");
		}
	}

	/** The broken answers {@link #FAULT_BODY_HEADER} asks for. */
	enum BrokenBody {

		/** A SOAP fault, {@code soap:Server}, HTTP 500. */
		FAULT,

		/** HTTP 200 and bytes that are not XML. */
		GARBAGE,

		/** HTTP 200 and the first half of the envelope. */
		TRUNCATE

	}

}
