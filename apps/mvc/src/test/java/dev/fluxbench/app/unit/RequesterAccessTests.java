package dev.fluxbench.app.unit;

import java.util.List;
import java.util.Map;

import dev.fluxbench.contract.unit.UnitPaths;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;
import static org.mockito.BDDMockito.given;
import static org.mockito.Mockito.mock;

/**
 * The thesis' Table 2, case A, against the seed's registry: loadtest and reporting on,
 * archive off.
 */
@ExtendWith(OutputCaptureExtension.class)
class RequesterAccessTests {

	private final RegistryConfigRepository registry = mock();

	private final RequesterAccess access = new RequesterAccess(this.registry);

	RequesterAccessTests() {
		given(this.registry.findByProperty(UnitPaths.SERVICE_STATUSES))
			.willReturn(List.of(new RegistryConfig(UnitPaths.SERVICE_STATUSES, "loadtest", true),
					new RegistryConfig(UnitPaths.SERVICE_STATUSES, "reporting", true),
					new RegistryConfig(UnitPaths.SERVICE_STATUSES, "archive", false)));
	}

	@Test
	void unknownRequesterShouldBeDeniedWithAWarning(CapturedOutput output) {
		assertThat(this.access.isRequesterAllowed("intruder")).isFalse();
		assertThat(output).contains("WARN")
			.contains("No status for requester 'intruder' in registry config property SERVICE_STATUSES; denied");
		RequesterDeniedException denied = catchThrowableOfType(RequesterDeniedException.class,
				() -> this.access.checkRequestAllowed("intruder"));
		assertThat(denied.requester()).isEqualTo("intruder");
	}

	@Test
	void unknownRequesterAskingAgainAndAgainShouldBeLoggedOnce(CapturedOutput output) {
		for (int i = 0; i < 1000; i++) {
			assertThat(this.access.isRequesterAllowed("flooder")).isFalse();
		}
		// Lines are written in order: once this one shows, any WARN logged before it has
		// too.
		LogFactory.getLog(RequesterAccess.class).warn("End of the requests");
		await().untilAsserted(() -> assertThat(output).contains("End of the requests"));
		assertThat(output.toString().split("No status for requester 'flooder'", -1)).hasSize(2);
	}

	@Test
	void disabledRequesterShouldBeDeniedWithoutAWarning(CapturedOutput output) {
		assertThat(this.access.isRequesterAllowed("archive")).isFalse();
		assertThat(
				catchThrowableOfType(RequesterDeniedException.class, () -> this.access.checkRequestAllowed("archive")))
			.hasMessage("Requester 'archive' may not read units (X-Requester).");
		// Not "WARN": the JVM's first mock makes Mockito print a WARNING.
		assertThat(output).doesNotContain("No status for requester");
	}

	@Test
	void enabledRequesterShouldBeAllowed() {
		assertThat(this.access.isRequesterAllowed("loadtest")).isTrue();
		assertThatNoException().isThrownBy(() -> this.access.checkRequestAllowed("reporting"));
	}

	@Test
	void registryConfigShouldMapEveryRequesterToItsStatus() {
		assertThat(this.access.getRegistryConfig())
			.containsExactlyInAnyOrderEntriesOf(Map.of("loadtest", true, "reporting", true, "archive", false));
	}

}
