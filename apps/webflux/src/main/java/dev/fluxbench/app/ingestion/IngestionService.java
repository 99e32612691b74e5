package dev.fluxbench.app.ingestion;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;

import dev.fluxbench.contract.unit.IngestionDetails;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.delta.DeltaCounts;
import dev.fluxbench.contract.unit.delta.DeltaFileReader;
import dev.fluxbench.contract.unit.delta.DeltaLine;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.core.io.buffer.DataBufferUtils;
import org.springframework.stereotype.Service;

/**
 * Ingests a partner's delta file for a day: downloads it as a stream, reads it line by
 * line and stores the lines in batches as they come, so a file of any size needs the
 * memory of one batch. A file that cannot be ingested as a whole ends as {@code FAILED}
 * with the reason; lines refused one by one are stored with theirs, and the ingestion
 * goes on.
 *
 * <p>
 * The download's buffers are piped into the same {@link DeltaFileReader} the mvc stack
 * reads from, so both stacks accept, reject and word alike. The reader blocks while it
 * waits for the next buffer, so it runs on the ingestion scheduler, never on an event
 * loop; the pipe asks Netty for {@value #BUFFERS_AHEAD} buffers at a time, and a batch is
 * read only once the previous one is stored, as in the mvc stack, so memory stays bounded
 * and the download goes at the database's pace.
 */
@Service
class IngestionService implements DisposableBean {

	/** The unit lookup's cache: a unit it holds may be older than the one just stored. */
	static final String UNITS_CACHE = "units";

	static final int BUFFERS_AHEAD = 16;

	private static final Log logger = LogFactory.getLog(IngestionService.class);

	private final IngestionClient client;

	private final IngestionStore store;

	private final IngestionProperties properties;

	private final ObjectProvider<CacheManager> cacheManagers;

	private final Scheduler scheduler;

	IngestionService(IngestionClient client, IngestionStore store, IngestionProperties properties,
			ObjectProvider<CacheManager> cacheManagers) {
		this.client = client;
		this.store = store;
		this.properties = properties;
		this.cacheManagers = cacheManagers;
		// Where files are read: a read may wait for the network, and parsing 100 000
		// lines is CPU work that would hold up every other connection of an event loop.
		// One thread per partner at most, and the scheduler is the service's own, not a
		// bean another component could pick up by type.
		this.scheduler = Schedulers.newBoundedElastic(properties.partners().size(), 100, "ingestion");
	}

	@Override
	public void destroy() {
		this.scheduler.dispose();
	}

	/**
	 * Runs one ingestion to its end and answers its record, succeeded or failed. It runs
	 * to its end even when the subscriber cancels, a client that hangs up say, as a
	 * servlet thread in the mvc stack does: an ingestion cut off midway would stay
	 * {@code RUNNING} for ever.
	 */
	Mono<IngestionDto> ingest(String partner, LocalDate day) {
		return Mono.defer(() -> Mono.fromFuture(run(partner, day).toFuture(), true));
	}

	private Mono<IngestionDto> run(String partner, LocalDate day) {
		URI url = this.properties.fileUrl(partner, day);
		return this.store.start(partner, day, url, Instant.now()).flatMap((id) -> {
			Tally tally = new Tally();
			return read(id, partner, day, this.client.download(url), tally)
				.map((counts) -> Optional.ofNullable(IngestionRules.incomplete(counts)))
				.onErrorResume((ex) -> {
					String failure = IngestionRules.failure(url, ex);
					logger.warn("Ingestion " + id + " of " + url + " failed: " + failure,
							logger.isDebugEnabled() ? ex : null);
					return Mono.just(Optional.of(failure));
				})
				.flatMap((failure) -> this.store.finish(id,
						failure.isPresent() ? IngestionStatus.FAILED : IngestionStatus.SUCCEEDED, tally,
						failure.orElse(null), Instant.now()))
				// Also after a failure: the batches stored before it are committed.
				.then(Mono.defer(() -> tally.wroteUnits() ? evictUnits() : Mono.empty()))
				.then(this.store.find(id))
				.doOnNext((done) -> logger.info("Ingestion " + id + ": " + Tally.describe(done)));
		});
	}

	Mono<List<IngestionDto>> recent() {
		return this.store.recent(IngestionDto.RECENT).collectList();
	}

	Mono<IngestionDetails> details(long id) {
		return this.store.find(id)
			.switchIfEmpty(Mono.error(() -> new IngestionNotFoundException(id)))
			// Both queries run to their end even when one fails: cancelled mid-query, one
			// could leave a pooled connection stuck (docs/limits.md).
			.flatMap((ingestion) -> Mono
				.zipDelayError(this.store.rejectionCount(id),
						this.store.rejections(id, IngestionDetails.FIRST_REJECTIONS).collectList())
				.map((found) -> new IngestionDetails(ingestion, found.getT1(), found.getT2())));
	}

	private Mono<DeltaCounts> read(long id, String partner, LocalDate day, Flux<DataBuffer> body, Tally tally) {
		return Mono.using(() -> open(body, partner, day), (file) -> Flux.<DeltaLine>generate((sink) -> {
			if (file.hasNext()) {
				sink.next(file.next());
			}
			else {
				sink.complete();
			}
		})
			// Requests from downstream, which come on the database's threads, are moved
			// here too.
			.subscribeOn(this.scheduler)
			.buffer(this.properties.batchSize())
			// No prefetch: the next batch is asked for, and so read, on an ingestion
			// thread once the last one is stored. With a batch prefetched, the store
			// would be called on the thread that finished the last write, a database
			// event loop.
			.concatMap((batch) -> this.store.write(id, batch, tally), 0)
			.then(Mono.fromCallable(file::counts)), DeltaFileReader::close).subscribeOn(this.scheduler);
	}

	private DeltaFileReader open(Flux<DataBuffer> body, String partner, LocalDate day) {
		if (Schedulers.isInNonBlockingThread()) {
			throw new IllegalStateException(
					"A delta file is read with blocking calls, not on " + Thread.currentThread().getName());
		}
		InputStream in = DataBufferUtils.subscriberInputStream(body, BUFFERS_AHEAD);
		try {
			DeltaFileReader file = DeltaFileReader.open(in);
			try {
				IngestionRules.requireHeader(file.header(), partner, day);
			}
			catch (RuntimeException ex) {
				file.close();
				throw ex;
			}
			return file;
		}
		catch (RuntimeException ex) {
			try {
				in.close();
			}
			catch (IOException closing) {
				ex.addSuppressed(closing);
			}
			throw ex;
		}
	}

	private Mono<Void> evictUnits() {
		// A cache may block (Redis does), so not on the thread that finished the database
		// work.
		return Mono.<Void>fromRunnable(() -> this.cacheManagers.orderedStream().forEach((cacheManager) -> {
			Cache units = cacheManager.getCache(UNITS_CACHE);
			if (units != null) {
				units.clear();
			}
		})).subscribeOn(this.scheduler);
	}

}
