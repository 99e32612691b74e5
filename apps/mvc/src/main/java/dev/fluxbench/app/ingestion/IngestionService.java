package dev.fluxbench.app.ingestion;

import java.io.InputStream;
import java.net.URI;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import dev.fluxbench.contract.unit.IngestionDetails;
import dev.fluxbench.contract.unit.IngestionDto;
import dev.fluxbench.contract.unit.IngestionStatus;
import dev.fluxbench.contract.unit.delta.DeltaCounts;
import dev.fluxbench.contract.unit.delta.DeltaFileReader;
import dev.fluxbench.contract.unit.delta.DeltaLine;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.cache.Cache;
import org.springframework.cache.CacheManager;
import org.springframework.stereotype.Service;

/**
 * Ingests a partner's delta file for a day: downloads it as a stream, reads it line by
 * line and stores the lines in batches as they come, so a file of any size needs the
 * memory of one batch. A file that cannot be ingested as a whole ends as {@code FAILED}
 * with the reason; lines refused one by one are stored with theirs, and the ingestion
 * goes on.
 */
@Service
class IngestionService {

	/** The unit lookup's cache: a unit it holds may be older than the one just stored. */
	static final String UNITS_CACHE = "units";

	private static final Log logger = LogFactory.getLog(IngestionService.class);

	private final IngestionClient client;

	private final IngestionStore store;

	private final IngestionProperties properties;

	private final ObjectProvider<CacheManager> cacheManagers;

	IngestionService(IngestionClient client, IngestionStore store, IngestionProperties properties,
			ObjectProvider<CacheManager> cacheManagers) {
		this.client = client;
		this.store = store;
		this.properties = properties;
		this.cacheManagers = cacheManagers;
	}

	/** Runs one ingestion to its end and answers its record, succeeded or failed. */
	IngestionDto ingest(String partner, LocalDate day) {
		URI url = this.properties.fileUrl(partner, day);
		long id = this.store.start(partner, day, url, Instant.now());
		Tally tally = new Tally();
		String failure;
		try {
			DeltaCounts counts = this.client.download(url, (body) -> read(id, partner, day, body, tally));
			failure = IngestionRules.incomplete(counts);
		}
		catch (RuntimeException ex) {
			failure = IngestionRules.failure(url, ex);
			logger.warn("Ingestion " + id + " of " + url + " failed: " + failure, logger.isDebugEnabled() ? ex : null);
		}
		this.store.finish(id, (failure != null) ? IngestionStatus.FAILED : IngestionStatus.SUCCEEDED, tally, failure,
				Instant.now());
		// Also after a failure: the batches stored before it are committed.
		if (tally.wroteUnits()) {
			evictUnits();
		}
		IngestionDto done = this.store.find(id).orElseThrow();
		logger.info("Ingestion " + id + ": " + Tally.describe(done));
		return done;
	}

	List<IngestionDto> recent() {
		return this.store.recent(IngestionDto.RECENT);
	}

	IngestionDetails details(long id) {
		IngestionDto ingestion = this.store.find(id).orElseThrow(() -> new IngestionNotFoundException(id));
		return new IngestionDetails(ingestion, this.store.rejectionCount(id),
				this.store.rejections(id, IngestionDetails.FIRST_REJECTIONS));
	}

	private DeltaCounts read(long id, String partner, LocalDate day, InputStream body, Tally tally) {
		try (DeltaFileReader file = DeltaFileReader.open(body)) {
			IngestionRules.requireHeader(file.header(), partner, day);
			List<DeltaLine> batch = new ArrayList<>(this.properties.batchSize());
			while (file.hasNext()) {
				batch.add(file.next());
				if (batch.size() == this.properties.batchSize()) {
					this.store.write(id, batch, tally);
					batch.clear();
				}
			}
			if (!batch.isEmpty()) {
				this.store.write(id, batch, tally);
			}
			return file.counts();
		}
	}

	private void evictUnits() {
		// Every cache manager, should there be several (a local one in front of Redis,
		// say).
		this.cacheManagers.orderedStream().forEach((cacheManager) -> {
			Cache units = cacheManager.getCache(UNITS_CACHE);
			if (units != null) {
				units.clear();
			}
		});
	}

}
