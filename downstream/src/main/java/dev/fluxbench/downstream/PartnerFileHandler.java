package dev.fluxbench.downstream;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.problem.BadInput;
import dev.fluxbench.contract.problem.Problem;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.SeedUnits;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator;
import dev.fluxbench.contract.unit.delta.DeltaFileGenerator.Produced;
import dev.fluxbench.contract.unit.delta.DeltaFormat;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.http.ReactiveHttpOutputMessage;
import org.springframework.stereotype.Component;
import org.springframework.web.reactive.function.BodyInserter;
import org.springframework.web.reactive.function.server.ServerRequest;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * The partners' file server: each of the seed's partners uploads a delta file a day
 * (thesis, chapter 4), and here is where the apps download them. Files are not stored;
 * they are generated as they are sent, the same bytes for the same request, so that a
 * file of ten million lines costs one chunk of memory rather than its size.
 */
@Component
class PartnerFileHandler {

	static final MediaType NDJSON = MediaType.parseMediaType(DeltaFormat.MEDIA_TYPE);

	/**
	 * How many unit lines a file has that a reader will accept, so a client can check its
	 * ingestion.
	 */
	static final String ACCEPTED_HEADER = "X-Delta-Accepted";

	/** How many unit lines a file has that a reader will reject, duplicates included. */
	static final String REJECTED_HEADER = "X-Delta-Rejected";

	/*
	 * About 150 lines a chunk: big enough for few writes, small enough that memory is no
	 * concern.
	 */
	private static final int CHUNK_CHARS = 32 * 1024;

	private final DownstreamServerProperties.Partner defaults;

	private final Clock clock;

	PartnerFileHandler(DownstreamServerProperties properties, ObjectProvider<Clock> clock) {
		this.defaults = properties.partner();
		this.clock = clock.getIfAvailable(Clock::systemUTC);
	}

	/**
	 * {@code GET /partners/{partner}/deltas}: the days on offer, oldest first, with their
	 * files' URLs.
	 */
	Mono<ServerResponse> days(ServerRequest request) {
		return Mono.fromSupplier(() -> partner(request)).flatMap((partner) -> {
			LocalDate today = today();
			List<DeltaDay> days = new ArrayList<>();
			for (int back = this.defaults.days() - 1; back >= 0; back--) {
				LocalDate day = today.minusDays(back);
				URI url = UriComponentsBuilder.fromUri(request.uri())
					.replacePath("/partners/{partner}/deltas/{day}" + DeltaFormat.EXTENSION)
					.replaceQuery(null)
					.build(partner, day);
				days.add(new DeltaDay(day, url));
			}
			return ServerResponse.ok().contentType(MediaType.APPLICATION_JSON).bodyValue(new DeltaDays(partner, days));
		});
	}

	/**
	 * {@code GET
	 * /partners/{partner}/deltas/{day}.jsonl?units&seed&malformedEvery&duplicateEvery}.
	 */
	Mono<ServerResponse> file(ServerRequest request) {
		return Mono.fromSupplier(() -> generator(request)).flatMap((generator) -> {
			Produced produced = generator.produced();
			return ServerResponse.ok()
				.contentType(NDJSON)
				.header(ACCEPTED_HEADER, String.valueOf(produced.accepted()))
				.header(REJECTED_HEADER, String.valueOf(produced.rejected()))
				.body(lines(generator));
		});
	}

	private DeltaFileGenerator generator(ServerRequest request) {
		String partner = partner(request);
		String text = request.pathVariable("day");
		LocalDate day;
		try {
			day = LocalDate.parse(text);
		}
		catch (DateTimeParseException ex) {
			throw new ProblemException(BadInput.invalidParameter("day", text, "expected a date such as 2026-11-22"));
		}
		LocalDate today = today();
		if (day.isAfter(today)) {
			throw new ProblemException(
					BadInput.invalidParameter("day", text, "expected a day up to today, " + today + ", in UTC"));
		}
		int units = (int) parameter(request, "units", this.defaults.units(), 0, this.defaults.maxUnits());
		long seed = parameter(request, "seed", this.defaults.seed(), Long.MIN_VALUE, Long.MAX_VALUE);
		int malformedEvery = (int) parameter(request, "malformedEvery", this.defaults.malformedEvery(), 0,
				Integer.MAX_VALUE);
		int duplicateEvery = (int) parameter(request, "duplicateEvery", this.defaults.duplicateEvery(), 0,
				Integer.MAX_VALUE);
		return DeltaFileGenerator.of(partner, day, units)
			.seed(seed)
			.malformedEvery(malformedEvery)
			.duplicateEvery(duplicateEvery);
	}

	/*
	 * Pulled: Netty asks for a chunk when the previous ones are on their way, so a slow
	 * client holds back the generator instead of a backlog of lines piling up in memory.
	 */
	private static BodyInserter<Flux<DataBuffer>, ReactiveHttpOutputMessage> lines(DeltaFileGenerator generator) {
		return (message, context) -> message
			.writeWith(Flux.<DataBuffer, DeltaFileGenerator.Cursor>generate(generator::cursor, (cursor, sink) -> {
				StringBuilder chunk = new StringBuilder(CHUNK_CHARS + 512);
				while (cursor.hasNext() && chunk.length() < CHUNK_CHARS) {
					cursor.appendNext(chunk);
				}
				sink.next(message.bufferFactory().wrap(chunk.toString().getBytes(StandardCharsets.UTF_8)));
				if (!cursor.hasNext()) {
					sink.complete();
				}
				return cursor;
			}));
	}

	private static String partner(ServerRequest request) {
		String partner = request.pathVariable("partner");
		if (SeedUnits.residue(partner) < 0) {
			throw new ProblemException(Problem.of(ProblemType.NOT_FOUND, "There is no partner '" + partner
					+ "': the partners are " + String.join(", ", SeedUnits.PARTNERS) + "."));
		}
		return partner;
	}

	private static long parameter(ServerRequest request, String name, long fallback, long min, long max) {
		String value = request.queryParam(name).orElse(null);
		if (value == null) {
			return fallback;
		}
		try {
			long parsed = Long.parseLong(value.strip());
			if (parsed >= min && parsed <= max) {
				return parsed;
			}
		}
		catch (NumberFormatException ex) {
			// Falls through to the same answer as a number out of range.
		}
		String expected = (min == Long.MIN_VALUE) ? "expected an integer"
				: "expected an integer from " + min + " to " + max;
		throw new ProblemException(BadInput.invalidParameter(name, value, expected));
	}

	private LocalDate today() {
		return LocalDate.ofInstant(this.clock.instant(), ZoneOffset.UTC);
	}

	/** The listing's body. */
	record DeltaDays(String partner, List<DeltaDay> days) {

	}

	record DeltaDay(LocalDate day, URI url) {

	}

}
