package dev.fluxbench.app.system;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

import dev.fluxbench.app.operation.OperationJpaRepository;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * Records the thread of every call to seed 002's password encoder, to mvc's operations
 * repository and to the JDBC client of the account lookup, by wrapping the app's own
 * beans: where a call really ran, not where a log says it did. Import it into a test's
 * context; the records are per JVM, so a test clears them first.
 */
public class CallThreads implements BeanPostProcessor {

	/** BCrypt's checks. */
	public static final String PASSWORD_CHECKS = "passwordEncoder";

	/** mvc's {@link OperationJpaRepository}, in the variants that have one. */
	public static final String OPERATIONS = "operationJpaRepository";

	/** The account lookups through JDBC, in the variants that have them. */
	public static final String ACCOUNT_LOOKUPS = "jdbcClient";

	private static final Map<String, Class<?>> WRAPPED = Map.of(PASSWORD_CHECKS, PasswordEncoder.class, OPERATIONS,
			OperationJpaRepository.class, ACCOUNT_LOOKUPS, JdbcClient.class);

	private static final Map<String, Queue<Call>> calls = new ConcurrentHashMap<>();

	/** The calls to this bean since the last {@link #clear()}. */
	public static List<Call> of(String bean) {
		return List.copyOf(calls.getOrDefault(bean, new ConcurrentLinkedQueue<>()));
	}

	public static void clear() {
		calls.clear();
	}

	@Override
	public Object postProcessAfterInitialization(Object bean, String name) {
		Class<?> type = WRAPPED.get(name);
		if (type == null || !type.isInstance(bean)) {
			return bean;
		}
		return Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type }, (proxy, method, args) -> {
			if (method.getDeclaringClass() != Object.class) {
				Thread thread = Thread.currentThread();
				calls.computeIfAbsent(name, (key) -> new ConcurrentLinkedQueue<>())
					.add(new Call(method.getName(), thread.getName(), thread.isVirtual()));
			}
			try {
				return method.invoke(bean, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		});
	}

	/**
	 * The thread a call ran on: its name, and whether it was virtual (virtual threads
	 * have no name).
	 */
	public record Call(String method, String thread, boolean virtual) {

	}

}
