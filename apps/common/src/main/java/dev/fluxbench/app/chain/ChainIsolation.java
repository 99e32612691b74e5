package dev.fluxbench.app.chain;

import java.util.LinkedHashMap;
import java.util.Map;

import org.jspecify.annotations.Nullable;

/**
 * Where a stack runs its calls to service B while the time limiter watches them, for
 * /actuator/info. Each app declares its own; the keys are those of {@code passwordCheck}.
 *
 * @param runsOn {@code thread-pool}, {@code virtual-thread-per-task} or
 * {@code event-loop}
 * @param threadNamePrefix the calling threads' names, if they have their own
 * @param threadCap the calls at once, if a pool bounds them
 * @param queuedTaskCap the calls that may wait for a thread, if a pool bounds them
 */
record ChainIsolation(String runsOn, @Nullable String threadNamePrefix, @Nullable Integer threadCap,
		@Nullable Integer queuedTaskCap) {

	Map<String, Object> toInfo() {
		Map<String, Object> info = new LinkedHashMap<>();
		info.put("runsOn", this.runsOn);
		if (this.threadNamePrefix != null) {
			info.put("threadNamePrefix", this.threadNamePrefix);
		}
		if (this.threadCap != null) {
			info.put("threadCap", this.threadCap);
		}
		if (this.queuedTaskCap != null) {
			info.put("queuedTaskCap", this.queuedTaskCap);
		}
		return info;
	}

}
