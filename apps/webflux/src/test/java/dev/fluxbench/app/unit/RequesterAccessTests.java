package dev.fluxbench.app.unit;

import java.util.Map;

import dev.fluxbench.contract.unit.UnitPaths;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import reactor.core.publisher.Flux;
import reactor.test.StepVerifier;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * The thesis' Table 2, case B, against the seed's registry: loadtest and reporting on,
 * archive off.
 */
@ExtendWith(OutputCaptureExtension.class)
class RequesterAccessTests {

	private final RegistryConfigRepository registry = mock();

	private final RequesterAccess access = new RequesterAccess(this.registry);

	RequesterAccessTests() {
		given(this.registry.findByProperty(UnitPaths.SERVICE_STATUSES))
			.willReturn(Flux.just(new RegistryConfig(UnitPaths.SERVICE_STATUSES, "loadtest", true),
					new RegistryConfig(UnitPaths.SERVICE_STATUSES, "reporting", true),
					new RegistryConfig(UnitPaths.SERVICE_STATUSES, "archive", false)));
	}

	@Test
	void unknownRequesterShouldBeDeniedWithAWarning(CapturedOutput output) {
		StepVerifier.create(this.access.isRequesterAllowed("intruder")).expectNext(false).verifyComplete();
		// Written by logback-spring.xml's writer thread where a context has set logging
		// up.
		await().untilAsserted(() -> assertThat(output).contains("WARN")
			.contains("No status for requester 'intruder' in registry config property SERVICE_STATUSES; denied"));
		StepVerifier.create(this.access.checkRequestAllowed("intruder"))
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOfSatisfying(RequesterDeniedException.class,
					(denied) -> assertThat(denied.requester()).isEqualTo("intruder")))
			.verify();
	}

	@Test
	void unknownRequesterAskingAgainAndAgainShouldBeLoggedOnce(CapturedOutput output) {
		for (int i = 0; i < 1000; i++) {
			StepVerifier.create(this.access.isRequesterAllowed("flooder")).expectNext(false).verifyComplete();
		}
		// Lines are written in order: once this one shows, any WARN logged before it has
		// too.
		LogFactory.getLog(RequesterAccess.class).warn("End of the requests");
		await().untilAsserted(() -> assertThat(output).contains("End of the requests"));
		assertThat(output.toString().split("No status for requester 'flooder'", -1)).hasSize(2);
	}

	@Test
	void disabledRequesterShouldBeDeniedWithoutAWarning(CapturedOutput output) {
		StepVerifier.create(this.access.isRequesterAllowed("archive")).expectNext(false).verifyComplete();
		StepVerifier.create(this.access.checkRequestAllowed("archive"))
			.expectErrorSatisfies((ex) -> assertThat(ex).isInstanceOf(RequesterDeniedException.class)
				.hasMessage("Requester 'archive' may not read units (X-Requester)."))
			.verify();
		// Not "WARN": the JVM's first mock makes Mockito print a WARNING.
		assertThat(output).doesNotContain("No status for requester");
	}

	@Test
	void enabledRequesterShouldBeAllowed() {
		StepVerifier.create(this.access.isRequesterAllowed("loadtest")).expectNext(true).verifyComplete();
		StepVerifier.create(this.access.checkRequestAllowed("reporting")).expectNext(true).verifyComplete();
	}

	@Test
	void registryConfigShouldMapEveryRequesterToItsStatus() {
		StepVerifier.create(this.access.getRegistryConfig())
			.assertNext((statuses) -> assertThat(statuses)
				.containsExactlyInAnyOrderEntriesOf(Map.of("loadtest", true, "reporting", true, "archive", false)))
			.verifyComplete();
	}

}
