package dev.fluxbench.assess.rule;

import java.util.List;
import java.util.Set;

import dev.fluxbench.assess.source.SourceFile;

/** Type names several rules share. */
final class Types {

	static final Set<String> STEREOTYPES = Set.of("org.springframework.web.bind.annotation.RestController",
			"org.springframework.stereotype.Controller", "org.springframework.stereotype.Service",
			"org.springframework.stereotype.Component", "org.springframework.stereotype.Repository",
			"org.springframework.web.bind.annotation.ControllerAdvice",
			"org.springframework.web.bind.annotation.RestControllerAdvice");

	static final Set<String> REACTIVE_RETURNS = Set.of("reactor.core.publisher.Mono", "reactor.core.publisher.Flux",
			"org.reactivestreams.Publisher", "java.util.concurrent.CompletableFuture",
			"java.util.concurrent.CompletionStage", "kotlinx.coroutines.flow.Flow");

	/** Types whose every call may wait on I/O or another thread. */
	private static final List<String> BLOCKING_RECEIVERS = List.of("java.sql", "javax.sql.DataSource",
			"jakarta.persistence.EntityManager", "javax.persistence.EntityManager", "org.springframework.jdbc.core",
			"org.springframework.web.client.RestTemplate", "org.springframework.web.client.RestClient",
			"java.net.http.HttpClient", "java.net.HttpURLConnection", "java.net.Socket", "java.net.URL",
			"java.nio.file.Files", "java.io.FileInputStream", "java.io.FileOutputStream", "java.io.FileReader",
			"java.io.FileWriter", "java.io.RandomAccessFile", "java.io.InputStream", "java.io.OutputStream",
			"java.io.BufferedReader", "org.apache.http.client", "org.apache.hc.client5.http.classic",
			"org.apache.hc.client5.http.impl.classic", "org.springframework.ldap.core.LdapTemplate", "javax.naming",
			"org.springframework.data.redis.core.RedisTemplate",
			"org.springframework.data.redis.core.StringRedisTemplate", "redis.clients.jedis",
			"java.util.concurrent.BlockingQueue", "java.util.concurrent.CountDownLatch",
			"java.util.concurrent.Semaphore", "java.util.concurrent.Future", "java.util.concurrent.CompletableFuture",
			"okhttp3.Call", "okhttp3.OkHttpClient");

	private static final Set<String> WAITING_METHODS = Set.of("get", "join", "take", "put", "await", "acquire", "block",
			"blockFirst", "blockLast", "execute", "send", "query", "update", "exchange", "retrieve", "getForObject",
			"postForObject", "postForEntity", "getForEntity", "readAllBytes", "readString", "writeString",
			"readAllLines", "lines", "read", "write", "newInputStream", "newOutputStream", "openConnection",
			"openStream", "getConnection", "executeQuery", "executeUpdate", "find", "persist", "merge", "createQuery",
			"search", "bind", "lookup", "opsForValue", "body", "list", "single", "newCall");

	private Types() {
	}

	static boolean matches(String type, List<String> prefixes) {
		if (type == null) {
			return false;
		}
		for (String prefix : prefixes) {
			if (type.equals(prefix) || type.startsWith(prefix + ".")) {
				return true;
			}
		}
		return false;
	}

	/** Whether a call waits: sleeping, waiting on a monitor or a future, or I/O. */
	static boolean blocking(SourceFile.Call call) {
		if ("sleep".equals(call.name()) && call.on("java.lang.Thread")) {
			return true;
		}
		if ("wait".equals(call.name()) && call.receiverType() == null) {
			return true;
		}
		if ((call.name().equals("block") || call.name().startsWith("block"))
				&& matches(call.receiverType(), List.of("reactor.core.publisher"))) {
			return true;
		}
		if (!matches(call.receiverType(), BLOCKING_RECEIVERS)) {
			return false;
		}
		return call.name().equals(SourceFile.CONSTRUCTOR)
				? call.receiverType().startsWith("java.io.File") || call.receiverType().startsWith("java.net.Socket")
				: WAITING_METHODS.contains(call.name()) || call.receiverType().equals("java.nio.file.Files");
	}

	static String simpleName(String type) {
		return type.substring(type.lastIndexOf('.') + 1);
	}

}
