package dev.fluxbench.app.system;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoEventLoop;
import io.netty.channel.IoEventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.channel.SingleThreadIoEventLoop;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.nio.NioIoHandler;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.EventExecutorChooserFactory;
import io.netty.util.concurrent.ThreadPerTaskExecutor;
import io.r2dbc.spi.ConnectionFactoryOptions;
import io.r2dbc.spi.Option;
import reactor.netty.resources.LoopResources;

import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.r2dbc.autoconfigure.ConnectionFactoryOptionsBuilderCustomizer;
import org.springframework.boot.r2dbc.autoconfigure.R2dbcProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The event loops that the PostgreSQL and MariaDB drivers talk to their server on: as
 * many as Reactor Netty gives its own TCP loops, which the drivers use by default, each
 * new connection on the loop that holds the fewest. Netty hands out its loops in turn,
 * and each driver, opening a connection, takes one loop for the connection's DNS resolver
 * before the one the connection lives on: with an even number of loops, every connection
 * landed on every other loop, and half the loops never did any database work
 * (docs/limits.md). H2 runs in the app and uses none of them.
 */
@Configuration(proxyBeanMethods = false)
class DriverLoops implements DisposableBean {

	/** What the loops' threads are called: {@code r2dbc-loop-1-1} and on. */
	static final String PREFIX = "r2dbc-loop";

	/**
	 * The option both drivers take for their loops, by its name: the drivers are runtime
	 * dependencies only ({@code DriverLoopsTests} checks that each declares it so).
	 */
	static final Option<LoopResources> OPTION = Option.valueOf("loopResources");

	/** The drivers that talk over Reactor Netty and take {@link #OPTION}. */
	private static final Set<String> DRIVERS = Set.of("postgresql", "mariadb");

	/** The loops' shutdown takes no quiet period: the pool has closed its connections. */
	private static final Duration SHUTDOWN_TIMEOUT = Duration.ofSeconds(5);

	private final Loops loops = new Loops(LoopResources.DEFAULT_IO_WORKER_COUNT);

	@Bean
	ConnectionFactoryOptionsBuilderCustomizer driverLoopsOption(R2dbcProperties properties) {
		boolean takesLoops = takesLoops(properties.getUrl());
		return (builder) -> {
			if (takesLoops) {
				builder.option(OPTION, this.loops);
			}
		};
	}

	/** Whether the URL names a driver that talks over Reactor Netty. */
	static boolean takesLoops(String url) {
		ConnectionFactoryOptions options = ConnectionFactoryOptions.parse(url);
		Object driver = options.getValue(ConnectionFactoryOptions.DRIVER);
		// r2dbc:pool:postgresql://… names the pool as the driver and the driver as its
		// protocol.
		if ("pool".equals(driver)) {
			driver = options.getValue(ConnectionFactoryOptions.PROTOCOL);
		}
		return DRIVERS.contains(String.valueOf(driver));
	}

	/**
	 * What /actuator/info says of the loops, for a database URL.
	 */
	static Map<String, Object> info(String url) {
		Map<String, Object> info = new LinkedHashMap<>();
		if (!takesLoops(url)) {
			info.put("threads", 0);
			return info;
		}
		info.put("threads", LoopResources.DEFAULT_IO_WORKER_COUNT);
		info.put("threadNames", PREFIX + "-*");
		info.put("newConnectionOn", "the loop with the fewest connections");
		return info;
	}

	@Override
	public void destroy() {
		this.loops.group.shutdownGracefully(0, SHUTDOWN_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)
			.awaitUninterruptibly(SHUTDOWN_TIMEOUT.multipliedBy(2).toMillis());
	}

	/**
	 * One group of loops for every connection, on epoll where Reactor Netty would use it.
	 * Reactor Netty's own {@code LoopResources.create} takes no chooser of Netty's, so
	 * this is the smallest that does.
	 */
	static final class Loops implements LoopResources {

		private final Group group;

		Loops(int threads) {
			IoHandlerFactory io = (LoopResources.DEFAULT_NATIVE && Epoll.isAvailable()) ? EpollIoHandler.newFactory()
					: NioIoHandler.newFactory();
			this.group = new Group(threads, new ThreadPerTaskExecutor(new DefaultThreadFactory(PREFIX, true)), io);
		}

		@Override
		public EventLoopGroup onServer(boolean useNative) {
			return this.group;
		}

		@Override
		public boolean daemon() {
			return true;
		}

	}

	/** Netty's group of loops, with loops that tell how many channels they hold. */
	static final class Group extends MultiThreadIoEventLoopGroup {

		Group(int threads, Executor executor, IoHandlerFactory io) {
			super(threads, executor, FewestChannels.INSTANCE, io);
		}

		@Override
		protected IoEventLoop newChild(Executor executor, IoHandlerFactory io, Object... args) {
			return new Loop(this, executor, io);
		}

	}

	/**
	 * A loop of Netty's that says how many channels it holds: Netty counts them, but its
	 * public {@code registeredChannels()} answers -1 on these loops.
	 */
	static final class Loop extends SingleThreadIoEventLoop {

		Loop(IoEventLoopGroup group, Executor executor, IoHandlerFactory io) {
			super(group, executor, io);
		}

		@Override
		public int registeredChannels() {
			return getNumOfRegisteredChannels();
		}

	}

	/**
	 * Picks the loop with the fewest registered channels, the first such from a place
	 * that moves on at every pick, so that ties, as when no loop has a channel yet, still
	 * go round. A pick that registers nothing, like the drivers' resolver's, moves the
	 * place but leaves the counts as they are.
	 */
	static final class FewestChannels implements EventExecutorChooserFactory {

		static final FewestChannels INSTANCE = new FewestChannels();

		@Override
		public EventExecutorChooser newChooser(EventExecutor[] executors) {
			AtomicInteger turn = new AtomicInteger();
			return () -> {
				int start = Math.floorMod(turn.getAndIncrement(), executors.length);
				EventExecutor fewest = null;
				int least = Integer.MAX_VALUE;
				for (int i = 0; i < executors.length; i++) {
					EventExecutor executor = executors[(start + i) % executors.length];
					int channels = (executor instanceof SingleThreadEventLoop loop) ? loop.registeredChannels() : 0;
					if (channels < least) {
						fewest = executor;
						least = channels;
					}
				}
				return fewest;
			};
		}

	}

}
