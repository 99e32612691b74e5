package dev.fluxbench.harness.prometheus;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.fluxbench.harness.results.PrometheusJson;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ScrapeGapsTests {

	private static final Instant FROM = Instant.parse("2026-11-27T10:00:00Z");

	private static final Duration INTERVAL = Duration.ofSeconds(5);

	private static final ScrapeTargets.ScrapeTarget MVC = new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS,
			URI.create("http://127.0.0.1:8080/actuator/prometheus"), Map.of("stack", "mvc", "trial", "1"));

	/** The service ran a minute; its first scrape came 3 s after it was handed over. */
	private static final ScrapeGaps.Window MINUTE = new ScrapeGaps.Window(MVC, FROM, FROM.plusSeconds(60));

	@Test
	void countWhenEveryScrapeCameShouldFindNoGap() {
		PrometheusJson.Target target = ScrapeGaps.count(MINUTE, scrapes(3, 58, 5), INTERVAL, Optional.empty());

		assertThat(target.scrapes()).isEqualTo(12);
		assertThat(target.gaps()).isEmpty();
		assertThat(target.missed()).isZero();
		assertThat(target.failed()).isZero();
	}

	@Test
	void countWhenAScrapeNeverCameShouldFindOneGapOfOne() {
		List<ScrapeGaps.Sample> samples = new ArrayList<>(scrapes(3, 58, 5));
		samples.removeIf((sample) -> sample.time().equals(FROM.plusSeconds(23)));

		PrometheusJson.Target target = ScrapeGaps.count(MINUTE, samples, INTERVAL, Optional.empty());

		assertThat(target.gaps())
			.containsExactly(new PrometheusJson.Gap(FROM.plusSeconds(18), FROM.plusSeconds(28), 1));
		assertThat(target.missed()).isEqualTo(1);
		assertThat(target.failed()).isZero();
	}

	@Test
	void countWhenScrapesFailedShouldCountThemAsFailedAndMissed() {
		List<ScrapeGaps.Sample> samples = new ArrayList<>(scrapes(3, 58, 5));
		samples.replaceAll(
				(sample) -> (sample.time().equals(FROM.plusSeconds(23)) || sample.time().equals(FROM.plusSeconds(28)))
						? new ScrapeGaps.Sample(sample.time(), false) : sample);

		PrometheusJson.Target target = ScrapeGaps.count(MINUTE, samples, INTERVAL, Optional.empty());

		assertThat(target.scrapes()).isEqualTo(12);
		assertThat(target.failed()).isEqualTo(2);
		assertThat(target.gaps())
			.containsExactly(new PrometheusJson.Gap(FROM.plusSeconds(18), FROM.plusSeconds(33), 2));
	}

	@Test
	void countWhenAScrapeCameLateShouldFindNoGap() {
		List<ScrapeGaps.Sample> samples = new ArrayList<>(scrapes(3, 58, 5));
		samples.replaceAll((sample) -> sample.time().equals(FROM.plusSeconds(23))
				? new ScrapeGaps.Sample(FROM.plusSeconds(25), true) : sample);

		assertThat(ScrapeGaps.count(MINUTE, samples, INTERVAL, Optional.empty()).gaps()).isEmpty();
	}

	@Test
	void countWhenScrapesStoppedBeforeTheServiceDidShouldEndTheGapWhenItWasTakenAway() {
		PrometheusJson.Target target = ScrapeGaps.count(MINUTE, scrapes(3, 33, 5), INTERVAL, Optional.empty());

		assertThat(target.gaps())
			.containsExactly(new PrometheusJson.Gap(FROM.plusSeconds(33), FROM.plusSeconds(60), 4));
	}

	@Test
	void countWhenTheServiceWasNeverScrapedShouldMakeItsWholeTimeOneGap() {
		PrometheusJson.Target target = ScrapeGaps.count(MINUTE, List.of(), INTERVAL, Optional.empty());

		assertThat(target.scrapes()).isZero();
		assertThat(target.gaps()).containsExactly(new PrometheusJson.Gap(FROM, FROM.plusSeconds(60), 12));
	}

	@Test
	void countShouldLeaveOutScrapesBeforeAndAfterTheServiceRan() {
		List<ScrapeGaps.Sample> samples = new ArrayList<>(scrapes(3, 58, 5));
		// A stack of the trial before on the same port, and the failed scrapes of one
		// that
		// is stopping.
		samples.add(new ScrapeGaps.Sample(FROM.minusSeconds(2), true));
		samples.add(new ScrapeGaps.Sample(FROM.plusSeconds(63), false));

		PrometheusJson.Target target = ScrapeGaps.count(MINUTE, samples, INTERVAL, Optional.of(Duration.ofMillis(40)));

		assertThat(target.scrapes()).isEqualTo(12);
		assertThat(target.failed()).isZero();
		assertThat(target.gaps()).isEmpty();
		assertThat(target.longestScrape()).hasValue(Duration.ofMillis(40));
		assertThat(target.labels()).containsEntry("stack", "mvc");
		assertThat(target.instance()).isEqualTo("127.0.0.1:8080");
	}

	@Test
	void selectorShouldPickTheTargetByJobInstanceAndLabels() {
		ScrapeTargets.ScrapeTarget quoted = new ScrapeTargets.ScrapeTarget(ScrapeConfig.APPS,
				URI.create("http://127.0.0.1:9090/metrics"), Map.of("trial", "1", "stack", "a\"b"));

		assertThat(ScrapeGaps.selector(quoted))
			.isEqualTo("{job=\"fluxbench-app\",instance=\"127.0.0.1:9090\",stack=\"a\\\"b\",trial=\"1\"}");
	}

	/**
	 * Successful scrapes every {@code step} seconds from {@code first} to {@code last}.
	 */
	private static List<ScrapeGaps.Sample> scrapes(int first, int last, int step) {
		List<ScrapeGaps.Sample> samples = new ArrayList<>();
		for (int second = first; second <= last; second += step) {
			samples.add(new ScrapeGaps.Sample(FROM.plusSeconds(second), true));
		}
		return samples;
	}

}
