package dev.fluxbench.app.system;

import java.util.LinkedHashMap;
import java.util.Map;

import reactor.netty.ReactorNetty;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.reactor.netty.autoconfigure.NettyServerProperties;
import org.springframework.stereotype.Component;

/**
 * The effective server and JVM limits under {@code fluxbench} in /actuator/info, read
 * from the running configuration so that a benchmark records what was really in force.
 */
@Component
class StackInfoContributor implements InfoContributor {

	private final Stack stack;

	private final NettyServerProperties netty;

	private final InFlightProperties inFlight;

	StackInfoContributor(Stack stack, NettyServerProperties netty, InFlightProperties inFlight) {
		this.stack = stack;
		this.netty = netty;
		this.inFlight = inFlight;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> server = new LinkedHashMap<>();
		server.put("engine", "netty");
		server.put("threads", "event-loop");
		// Reactor Netty's own rule for its event loop size: the property, or max(cores,
		// 4).
		server.put("eventLoopThreads", Integer.getInteger(ReactorNetty.IO_WORKER_COUNT,
				Math.max(Runtime.getRuntime().availableProcessors(), 4)));
		server.put("maxConnections", null);
		server.put("connectionTimeout", String.valueOf(this.netty.getConnectionTimeout()));
		server.put("idleTimeout", String.valueOf(this.netty.getIdleTimeout()));
		server.put("maxKeepAliveRequests", this.netty.getMaxKeepAliveRequests());
		// 0: no limit of our own (fluxbench.server.max-in-flight).
		server.put("maxInFlight", this.inFlight.maxInFlight());
		builder.withDetail("fluxbench", Map.of("stack", this.stack.name(), "server", server, "jvm", JvmInfo.current()));
	}

}
