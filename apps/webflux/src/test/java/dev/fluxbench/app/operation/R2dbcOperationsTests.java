package dev.fluxbench.app.operation;

import java.time.Duration;

import org.junit.jupiter.api.Test;
import reactor.core.publisher.Sinks;
import reactor.test.StepVerifier;
import reactor.test.publisher.TestPublisher;

import org.springframework.data.domain.PageRequest;
import org.springframework.data.domain.Pageable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * The page's two queries, each held open here until the test lets it end, so that one can
 * fail while the other is under way.
 */
class R2dbcOperationsTests {

	private final OperationRepository repository = mock();

	private final TestPublisher<Operation> rows = TestPublisher.create();

	private final Sinks.One<Long> count = Sinks.one();

	private final Pageable firstPage = PageRequest.of(0, 20);

	@Test
	void pageWhenTheCountFailsMidQueryShouldLetTheRowsQueryEndBeforeFailing() {
		given(this.repository.findAllBy(this.firstPage)).willReturn(this.rows.flux());
		given(this.repository.count()).willReturn(this.count.asMono());

		StepVerifier.create(new R2dbcOperations(this.repository).page(this.firstPage)).then(() -> {
			this.rows.assertWasSubscribed();
			this.count.tryEmitError(new IllegalStateException("no connection within the acquire timeout"));
			// Cancelled here, the rows' query could leave its pooled connection stuck.
			this.rows.assertNotCancelled();
			this.rows.complete();
		}).expectErrorMessage("no connection within the acquire timeout").verify(Duration.ofSeconds(30));
	}

	@Test
	void pageWhenTheRowsFailShouldLetTheCountEndBeforeFailing() {
		given(this.repository.findAllBy(this.firstPage)).willReturn(this.rows.flux());
		given(this.repository.count()).willReturn(this.count.asMono());

		StepVerifier.create(new R2dbcOperations(this.repository).page(this.firstPage)).then(() -> {
			this.rows.error(new IllegalStateException("rows failed"));
			assertThat(this.count.currentSubscriberCount()).as("subscribers still waiting for the count").isOne();
			this.count.tryEmitValue(0L);
		}).expectErrorMessage("rows failed").verify(Duration.ofSeconds(30));
	}

}
