package dev.fluxbench.app.unit;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import dev.fluxbench.contract.problem.ProblemType;
import dev.fluxbench.contract.unit.UnitPaths;
import dev.fluxbench.ldap.EmbeddedDirectory;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import reactor.blockhound.BlockingOperationError;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.SpringBootTest.WebEnvironment;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.http.HttpStatus;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;
import org.springframework.test.web.reactive.server.WebTestClient;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * The unit lookup (authentication, controller, requester check, cache, repository) on a
 * real Netty server while BlockHound watches: blockhound-junit-platform installs it for
 * every test of this module, and a blocking call on an event loop or a parallel thread
 * then fails that request with a 500.
 */
class UnitLookupBlockingTests {

	@Test
	void blockHoundShouldBeWatchingNonBlockingThreads() {
		// Without this, a green lookup below could mean BlockHound was never installed.
		Throwable failure = catchThrowable(() -> Mono.fromCallable(() -> {
			Thread.sleep(1);
			return true;
		}).subscribeOn(Schedulers.parallel()).block());
		assertThat(Exceptions.unwrap(failure)).isInstanceOf(BlockingOperationError.class);
	}

	abstract static class LookupTests {

		/**
		 * The API authenticates every call: one directory for all three application
		 * contexts.
		 */
		static final EmbeddedDirectory DIRECTORY = EmbeddedDirectory.start();

		@LocalServerPort
		int port;

		@DynamicPropertySource
		static void directory(DynamicPropertyRegistry registry) {
			registry.add("fluxbench.ldap.url", DIRECTORY::url);
		}

		@Test
		void lookupShouldNotBlockOnAMissNorOnAHit() {
			for (int attempt = 0; attempt < 2; attempt++) {
				get("/api/units/777", "loadtest").expectStatus()
					.isOk()
					.expectBody()
					.jsonPath("$.success")
					.isEqualTo(true)
					.jsonPath("$.unit.name")
					.isEqualTo("Unit 000777");
			}
		}

		@Test
		void unknownUnitShouldNotBlock() {
			// The body is read even where only the status counts: a body left unread over
			// a real server keeps Netty's buffer, and the leak check fails the class.
			get("/api/units/99999", "loadtest").expectStatus().isEqualTo(HttpStatus.NOT_FOUND).expectBody(Void.class);
		}

		@Test
		void disabledRequesterShouldNotBlock() {
			get("/api/units/777", "archive").expectStatus().isEqualTo(HttpStatus.FORBIDDEN).expectBody(Void.class);
		}

		// An unknown requester is logged at WARN: logback-spring.xml queues the line for
		// a writer thread.
		@Test
		void unknownRequesterShouldNotBlock() {
			get("/api/units/777", "intruder").expectStatus()
				.isEqualTo(HttpStatus.FORBIDDEN)
				.expectBody()
				.jsonPath("$.type")
				.isEqualTo(ProblemType.REQUESTER_DENIED.type().toString());
		}

		// Under surefire the console is an in-memory stream, which BlockHound lets pass
		// even when written on an event loop; behind a pipe or a terminal the write
		// blocks. So the appenders are checked too.
		@Test
		void warningsOnNonBlockingThreadsShouldNotBlock() {
			Logger root = ((LoggerContext) LoggerFactory.getILoggerFactory()).getLogger(Logger.ROOT_LOGGER_NAME);
			List<Appender<ILoggingEvent>> appenders = new ArrayList<>();
			root.iteratorForAppenders().forEachRemaining(appenders::add);
			assertThat(appenders).isNotEmpty()
				.allSatisfy((appender) -> assertThat(appender).isInstanceOfSatisfying(AsyncAppender.class,
						(async) -> assertThat(async.isNeverBlock()).isTrue()));
			Log log = LogFactory.getLog(RequesterAccess.class);
			// Many at once on every parallel thread, so that they also meet on the
			// appender's locks.
			Long lines = Flux.range(0, 2000)
				.parallel()
				.runOn(Schedulers.parallel())
				.doOnNext((line) -> log.warn("A warning on a non-blocking thread, " + line))
				.sequential()
				.count()
				.block();
			assertThat(lines).isEqualTo(2000);
		}

		private WebTestClient.ResponseSpec get(String path, String requester) {
			// The first request of a context authenticates against LDAP on a cold JVM: on
			// a busy machine that took longer than WebTestClient's default five seconds.
			return WebTestClient.bindToServer()
				.baseUrl("http://127.0.0.1:" + this.port)
				.responseTimeout(Duration.ofMinutes(1))
				.build()
				.get()
				.uri(path)
				.header(UnitPaths.REQUESTER_HEADER, requester)
				.headers((headers) -> headers.setBasicAuth("loadtest", "loadtest-secret"))
				.exchange();
		}

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "fluxbench.cache.mode=none")
	class WithoutCache extends LookupTests {

	}

	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = "fluxbench.cache.mode=local")
	class LocalCache extends LookupTests {

	}

	/**
	 * Redis' timeouts raised from the benchmark's 1 s: these tests look for blocking
	 * calls, and on a busy machine Lettuce's first connection can take longer than that.
	 */
	@Nested
	@SpringBootTest(webEnvironment = WebEnvironment.RANDOM_PORT, properties = { "fluxbench.cache.mode=distributed",
			"spring.data.redis.timeout=10s", "spring.data.redis.connect-timeout=10s" })
	class DistributedCache extends LookupTests {

	}

}
