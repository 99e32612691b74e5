package dev.fluxbench.app.operation;

import dev.fluxbench.app.system.CallThreads;
import org.junit.jupiter.api.Test;

import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * webflux-vt: plain controller methods over mvc's blocking repository, which WebFlux must
 * run on virtual threads, never on an event loop. BlockHound watches the event loops.
 */
@ActiveProfiles("vt")
class VirtualThreadOperationTests extends OperationContract {

	@Override
	String stack() {
		return "webflux-vt";
	}

	@Test
	void blockingCallsShouldRunOnVirtualThreads() {
		everyKindOfCall();
		assertThat(CallThreads.of(CallThreads.OPERATIONS)).hasSizeGreaterThanOrEqualTo(4)
			.allSatisfy((call) -> assertThat(call.virtual()).as("%s is virtual", call).isTrue());
		assertThat(CallThreads.of(CallThreads.ACCOUNT_LOOKUPS)).isNotEmpty()
			.allSatisfy((call) -> assertThat(call.virtual()).as("%s is virtual", call).isTrue());
		assertThat(CallThreads.of(CallThreads.PASSWORD_CHECKS)).isNotEmpty()
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("password-check-"));
	}

	@Test
	void infoShouldSayOperationsRunOnVirtualThreads() {
		assertThat(operationsInfo().properties()).extracting(Object::toString)
			.containsExactlyInAnyOrder("variant=\"webflux-vt\"", "repository=\"jpa\"", "accounts=\"jdbc\"",
					"executionOn=\"virtual-threads\"", "threadCap=\"unbounded\"");
	}

}
