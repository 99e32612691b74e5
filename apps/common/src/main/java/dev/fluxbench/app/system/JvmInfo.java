package dev.fluxbench.app.system;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.LinkedHashMap;
import java.util.Map;

/** The JVM facts that decide a benchmark's outcome, as the process itself sees them. */
final class JvmInfo {

	private JvmInfo() {
	}

	static Map<String, Object> current() {
		Map<String, Object> jvm = new LinkedHashMap<>();
		jvm.put("availableProcessors", Runtime.getRuntime().availableProcessors());
		jvm.put("maxHeapBytes", Runtime.getRuntime().maxMemory());
		jvm.put("garbageCollectors",
				ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());
		jvm.put("inputArguments", ManagementFactory.getRuntimeMXBean().getInputArguments());
		return jvm;
	}

}
