package dev.fluxbench.app.operation;

import dev.fluxbench.app.system.CallThreads;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * webflux-jdbc-parallel: the blocking calls on Reactor's parallel scheduler, the seed's
 * wrong scheduler, kept so that the benchmark shows what it costs. BlockHound rejects a
 * blocking call on a parallel thread by design, so this class runs in a JVM of its own
 * where BlockHound is never installed: the tag puts it in the pom's blockhound-off
 * surefire execution, which switches off blockhound-junit-platform's listener, and out of
 * every other.
 */
@Tag("blockhound-off")
@ActiveProfiles({ "jdbc", "parallel" })
class JdbcParallelOperationTests extends OperationContract {

	@Override
	String stack() {
		return "webflux-jdbc-parallel";
	}

	@Test
	void blockHoundShouldBeOffInThisJvm() {
		// Without this, a red journey here could be BlockHound's doing rather than the
		// app's.
		assertThat(Mono.fromCallable(() -> {
			Thread.sleep(1);
			return true;
		}).subscribeOn(Schedulers.parallel()).block()).isTrue();
	}

	@Test
	void blockingCallsShouldRunOnTheParallelScheduler() {
		everyKindOfCall();
		assertThat(CallThreads.of(CallThreads.OPERATIONS)).hasSizeGreaterThanOrEqualTo(4)
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("parallel-"));
		assertThat(CallThreads.of(CallThreads.ACCOUNT_LOOKUPS)).isNotEmpty()
			.allSatisfy((call) -> assertThat(call.thread()).startsWith("parallel-"));
	}

	@Test
	void infoShouldShowTheParallelSchedulerAndItsSize() {
		assertThat(operationsInfo().properties()).extracting(Object::toString)
			.containsExactlyInAnyOrder("variant=\"webflux-jdbc-parallel\"", "repository=\"jpa\"", "accounts=\"jdbc\"",
					"executionOn=\"scheduler\"", "scheduler=\"parallel\"", "threadCap=" + Schedulers.DEFAULT_POOL_SIZE,
					"queuedTaskCap=\"unbounded\"");
	}

}
