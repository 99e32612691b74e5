package dev.fluxbench.app.system;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.netty.channel.Channel;
import io.netty.channel.SingleThreadEventLoop;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.EventExecutor;
import io.netty.util.concurrent.ThreadPerTaskExecutor;
import io.r2dbc.postgresql.PostgresqlConnectionFactoryProvider;
import org.junit.jupiter.api.Test;
import org.mariadb.r2dbc.MariadbConnectionFactoryProvider;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which databases get the drivers' loops, under which option, and how a connection picks
 * its loop.
 */
class DriverLoopsTests {

	@Test
	void theOptionShouldBeTheOneBothDriversRead() {
		// By name, since the drivers are runtime dependencies: a driver that renamed it
		// would silently go back to colocating loops.
		assertThat(DriverLoops.OPTION).isSameAs(PostgresqlConnectionFactoryProvider.LOOP_RESOURCES)
			.isSameAs(MariadbConnectionFactoryProvider.LOOP_RESOURCES);
	}

	@Test
	void urlsOfPostgresqlAndMariadbShouldTakeTheLoops() {
		assertThat(DriverLoops.takesLoops("r2dbc:postgresql://127.0.0.1:5432/test?schema=fluxbench")).isTrue();
		assertThat(DriverLoops.takesLoops("r2dbc:mariadb://127.0.0.1:3306/test")).isTrue();
		assertThat(DriverLoops.takesLoops("r2dbc:pool:postgresql://127.0.0.1:5432/test")).isTrue();
	}

	@Test
	void h2ShouldTakeNoLoopsAndSaySo() {
		String h2 = "r2dbc:h2:mem:///fluxbench?options=DB_CLOSE_DELAY=-1;MODE=PostgreSQL";

		assertThat(DriverLoops.takesLoops(h2)).isFalse();
		assertThat(DriverLoops.info(h2)).containsEntry("threads", 0);
	}

	@Test
	void connectionsWhenEachTakesALoopForItsResolverFirstShouldStillSpreadOverEveryLoop() {
		// What each driver does per connection: one pick for the DNS resolver, which
		// registers nothing, then one for the connection's channel. Netty's own chooser
		// took turns, so the channels went to every other loop.
		DriverLoops.Group group = new DriverLoops.Group(4,
				new ThreadPerTaskExecutor(new DefaultThreadFactory("driver-loops-test", true)),
				NioIoHandler.newFactory());
		List<Channel> channels = new ArrayList<>();
		try {
			for (int i = 0; i < 8; i++) {
				group.next();
				Channel channel = new NioSocketChannel();
				group.register(channel).syncUninterruptibly();
				channels.add(channel);
			}
			assertThat(channels.stream().map(Channel::eventLoop).distinct()).hasSize(4);
			for (EventExecutor loop : group) {
				assertThat(((SingleThreadEventLoop) loop).registeredChannels()).isEqualTo(2);
			}
		}
		finally {
			channels.forEach(Channel::close);
			group.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
		}
	}

}
