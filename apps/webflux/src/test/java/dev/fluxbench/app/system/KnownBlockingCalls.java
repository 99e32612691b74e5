package dev.fluxbench.app.system;

import java.util.List;

import reactor.blockhound.BlockHound;
import reactor.blockhound.integration.BlockHoundIntegration;

/**
 * The blocking calls that BlockHound may let pass in this module's tests, each with why.
 * Loaded by BlockHound from META-INF/services when blockhound-junit-platform installs it.
 */
public class KnownBlockingCalls implements BlockHoundIntegration {

	@Override
	public void applyTo(BlockHound.Builder builder) {
		// Hibernate Validator reads its ValidationMessages bundle from the jar the first
		// time a constraint fails, on whatever thread validates (an event loop, in
		// WebFlux), and caches it. A one-time read of a local jar, not I/O per request.
		builder.allowBlockingCallsInside("org.hibernate.validator.resourceloading.PlatformResourceBundleLocator",
				"loadBundle");
		// Hibernate Validator asks JPA whether a property is loaded, and JPA looks its
		// providers up through the class path's service files, the first time and again
		// whenever the collector cleared the soft reference it keeps them by: a read of
		// local jars, never I/O per request.
		builder.allowBlockingCallsInside(
				"jakarta.persistence.spi.PersistenceProviderResolverHolder$DefaultPersistenceProviderResolver",
				"getPersistenceProviders");
		// Thymeleaf initialises its engine on the first render, reading its own version
		// file from its jar, and reads a template from the class path the first time it
		// renders it; parsed templates are cached (spring.thymeleaf.cache). Once per
		// engine and template, not per request: the statistics page's data (R2DBC, the
		// meter registry) is read without blocking.
		builder.allowBlockingCallsInside("org.thymeleaf.TemplateEngine", "initialize");
		builder.allowBlockingCallsInside("org.thymeleaf.templateparser.markup.AbstractMarkupTemplateParser", "parse");
		// Boot's repository metrics look their meter registry up once, lazily, under a
		// lock: when the first two repository calls end at the same instant on two event
		// loops (the operations page and its count, replies from a database server), one
		// parks until the other has looked it up. Once per context; seen on MariaDB,
		// possible on PostgreSQL.
		builder.allowBlockingCallsInside(
				"org.springframework.boot.data.metrics.MetricsRepositoryMethodInvocationListener", "afterInvocation");
		// r2dbc-mariadb reads its version file from its jar when the first connection's
		// handshake sends it (a lazily initialised holder), on the event loop that opens
		// the connection. Once per JVM, not per connection or request.
		builder.allowBlockingCallsInside("org.mariadb.r2dbc.util.VersionFactory", "getInstance");
		// r2dbc-mariadb guards each connection's command queue with a ReentrantLock, held
		// while a message is queued and handed to Netty or a reply is taken off; a thread
		// that finds it taken parks that long. The lambdas are named as in r2dbc-mariadb
		// 1.4 (JHipster allows the same, see
		// mariadb-corporation/mariadb-connector-r2dbc#93): a version that renames them
		// fails the MariaDB tests where the lock is contended, and the names here need
		// updating.
		for (String method : List.of("sendCommandWithoutResult", "setAutoCommit", "executeWhenTransaction",
				"executeWhenNotInTransaction", "lambda$sendCommand$0", "lambda$sendCommand$2", "lambda$receive$0")) {
			builder.allowBlockingCallsInside("org.mariadb.r2dbc.client.SimpleClient", method);
		}
		builder.allowBlockingCallsInside("org.mariadb.r2dbc.client.SimpleClient$ServerMessageSubscriber",
				"tryDrainQueue");
		// Spring's SubscriberInputStream hands each received buffer to the thread that
		// reads the stream through an ArrayBlockingQueue: offer() never waits for room
		// (the stream asks for no more than it holds), but it takes the queue's lock,
		// which the reading thread holds for a moment as it takes a buffer. An event loop
		// that finds it taken parks that long. Seen in the ingestion tests on a busy
		// machine; the error left the ingestion waiting forever.
		builder.allowBlockingCallsInside("org.springframework.core.io.buffer.SubscriberInputStream", "onNext");
		// logback-spring.xml's AsyncAppender hands a line to its writer thread through an
		// ArrayBlockingQueue: with neverBlock it only offers, which never waits for room
		// but takes the queue's lock for a moment, and a thread that finds it taken parks
		// that long. The console write, which can block for as long as the console wants,
		// happens on the writer thread.
		builder.allowBlockingCallsInside("ch.qos.logback.core.AsyncAppenderBase", "put");
		// Spring Data Redis hands each reactive command (a cache read or store) the
		// shared Lettuce connection under the factory's ReentrantLock, held only while
		// it reads a field: the connection opens while the context starts (see
		// CacheConfiguration). Two event loops asking at once make one park that long.
		// Seen in UnitCacheRedisDownTests on a busy machine, at the first lookups; the
		// error left lookups without an answer.
		builder.allowBlockingCallsInside("org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory",
				"getSharedReactiveConnection");
		// Lettuce's endpoint counts the threads writing commands to its channel under a
		// ReentrantLock (SharedLock), which a state change (connected, disconnected,
		// reconnected) takes exclusively until the writes in progress end. Held for a
		// counter's update or a change of state, never for I/O; a thread that finds it
		// taken parks that long, an event loop of ours writing a command or Lettuce's own
		// when Redis goes away. Lettuce ships no BlockHound integration of its own.
		builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "incrementWriters");
		builder.allowBlockingCallsInside("io.lettuce.core.protocol.SharedLock", "doExclusive");
	}

}
