package dev.fluxbench.app.system;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.boot.thread.Threading;
import org.springframework.boot.tomcat.autoconfigure.TomcatServerProperties;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * The effective server and JVM limits under {@code fluxbench} in /actuator/info, read
 * from the running configuration so that a benchmark records what was really in force.
 */
@Component
class StackInfoContributor implements InfoContributor {

	private final Stack stack;

	private final TomcatServerProperties tomcat;

	private final boolean virtualThreads;

	private final InFlightProperties inFlight;

	StackInfoContributor(Stack stack, TomcatServerProperties tomcat, InFlightProperties inFlight,
			Environment environment) {
		this.stack = stack;
		this.tomcat = tomcat;
		this.inFlight = inFlight;
		this.virtualThreads = Threading.VIRTUAL.isActive(environment);
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> server = new LinkedHashMap<>();
		server.put("engine", "tomcat");
		server.put("threads", this.virtualThreads ? "virtual" : "platform");
		// With virtual threads Tomcat runs each request on its own virtual thread: the
		// pool sizes no longer apply.
		server.put("maxThreads", this.virtualThreads ? null : this.tomcat.getThreads().getMax());
		server.put("minSpareThreads", this.virtualThreads ? null : this.tomcat.getThreads().getMinSpare());
		server.put("maxConnections", this.tomcat.getMaxConnections());
		server.put("acceptCount", this.tomcat.getAcceptCount());
		server.put("connectionTimeout", String.valueOf(this.tomcat.getConnectionTimeout()));
		server.put("keepAliveTimeout", String.valueOf(this.tomcat.getKeepAliveTimeout()));
		server.put("maxKeepAliveRequests", this.tomcat.getMaxKeepAliveRequests());
		// 0: no limit of our own (fluxbench.server.max-in-flight).
		server.put("maxInFlight", this.inFlight.maxInFlight());
		builder.withDetail("fluxbench", Map.of("stack", this.stack.name(), "server", server, "jvm", JvmInfo.current()));
	}

}
