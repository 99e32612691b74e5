package dev.fluxbench.app.concert;

import java.time.Duration;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;
import reactor.test.publisher.TestPublisher;

import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.r2dbc.core.RowsFetchSpec;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.contains;
import static org.mockito.BDDMockito.given;
import static org.mockito.BDDMockito.willReturn;
import static org.mockito.Mockito.mock;

/**
 * The per-relation queries, each held open here until the test lets it end, so that one
 * can fail while others are under way.
 */
class ConcertPublishersTests {

	private static final String ACQUIRE_TIMEOUT = "no connection within the acquire timeout";

	private final DatabaseClient database = mock();

	/** One statement per query, whatever it is then bound to. */
	private final Map<String, GenericExecuteSpec> statements = new HashMap<>();

	@Test
	void listingWhenItsArtistFailsMidQueryShouldLetItsMusicQueriesEndBeforeFailing() {
		TestPublisher<Object> artist = TestPublisher.create();
		TestPublisher<Object> referenceMusic = TestPublisher.create();
		TestPublisher<Object> musics = TestPublisher.create();
		query("from listing where id", 1, Mono.just(new Listing(1L, 2L, 3L)), Flux.empty());
		relations(new Listing(1L, 2L, 3L), artist, referenceMusic, musics);

		StepVerifier.create(new ConcertPublishers(this.database, 4).listing(1)).then(() -> {
			referenceMusic.assertWasSubscribed();
			musics.assertWasSubscribed();
			artist.error(new IllegalStateException(ACQUIRE_TIMEOUT));
			// Cancelled here, their queries could leave pooled connections stuck.
			referenceMusic.assertNotCancelled();
			musics.assertNotCancelled();
			referenceMusic.complete();
			musics.complete();
		}).expectErrorMessage(ACQUIRE_TIMEOUT).verify(Duration.ofSeconds(30));
	}

	@Test
	void concertWhenOneListingFailsMidQueryShouldLetTheOtherListingsQueriesEndBeforeFailing() {
		TestPublisher<Object> failing = TestPublisher.create();
		TestPublisher<Object> failingsMusic = TestPublisher.create();
		TestPublisher<Object> failingsMusics = TestPublisher.create();
		TestPublisher<Object> artist = TestPublisher.create();
		TestPublisher<Object> referenceMusic = TestPublisher.create();
		TestPublisher<Object> musics = TestPublisher.create();
		query("from concert where id", 7, Mono.just(new Concert(7L, "Proms", "London", LocalDate.of(2026, 8, 1))),
				Flux.empty());
		query("join concert_listing", 7, Mono.empty(), Flux.just(new Listing(1L, 2L, 3L), new Listing(4L, 5L, 6L)));
		relations(new Listing(1L, 2L, 3L), failing, failingsMusic, failingsMusics);
		relations(new Listing(4L, 5L, 6L), artist, referenceMusic, musics);

		StepVerifier.create(new ConcertPublishers(this.database, 4).concert(7)).then(() -> {
			artist.assertWasSubscribed();
			// The first listing fails as a whole while the second is under way.
			failing.error(new IllegalStateException(ACQUIRE_TIMEOUT));
			failingsMusic.complete();
			failingsMusics.complete();
			Stream.of(artist, referenceMusic, musics).forEach(TestPublisher::assertNotCancelled);
			Stream.of(artist, referenceMusic, musics).forEach(TestPublisher::complete);
		}).expectErrorMessage(ACQUIRE_TIMEOUT).verify(Duration.ofSeconds(30));
	}

	/** Answers a listing's three relation queries from these publishers. */
	private void relations(Listing listing, TestPublisher<Object> artist, TestPublisher<Object> referenceMusic,
			TestPublisher<Object> musics) {
		query("from artist a where", listing.artistId(), artist.mono(), Flux.empty());
		query("from music where id", listing.referenceMusicId(), referenceMusic.mono(), Flux.empty());
		query("join listing_music", listing.id(), Mono.empty(), musics.flux());
	}

	/**
	 * Answers the query whose SQL holds {@code fragment}, bound to {@code id}, with these
	 * rows.
	 */
	@SuppressWarnings("unchecked")
	private void query(String fragment, long id, Mono<?> one, Flux<?> all) {
		GenericExecuteSpec statement = this.statements.computeIfAbsent(fragment, (key) -> {
			GenericExecuteSpec created = mock();
			given(this.database.sql(contains(key))).willReturn(created);
			return created;
		});
		GenericExecuteSpec bound = mock();
		RowsFetchSpec<Object> rows = mock();
		given(statement.bind("id", id)).willReturn(bound);
		given(bound.map(any(Function.class))).willReturn(rows);
		willReturn(one).given(rows).one();
		willReturn(all).given(rows).all();
	}

}
