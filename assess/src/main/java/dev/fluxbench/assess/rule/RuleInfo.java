package dev.fluxbench.assess.rule;

import java.util.List;

import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Severity;
import dev.fluxbench.assess.Target;

/**
 * What the catalogue says of a rule: its id, the targets it concerns, and its usual
 * severity, effort, reason and advice, which a finding may sharpen.
 */
public record RuleInfo(String id, List<Target> targets, String title, Severity severity, Effort effort, String why,
		String action) {

	public RuleInfo {
		targets = List.copyOf(targets);
	}

	static RuleInfo webflux(String id, String title, Severity severity, Effort effort, String why, String action) {
		return new RuleInfo(id, List.of(Target.WEBFLUX), title, severity, effort, why, action);
	}

	static RuleInfo virtualThreads(String id, String title, Severity severity, Effort effort, String why,
			String action) {
		return new RuleInfo(id, List.of(Target.VIRTUAL_THREADS), title, severity, effort, why, action);
	}

	static RuleInfo both(String id, String title, Severity severity, Effort effort, String why, String action) {
		return new RuleInfo(id, List.of(Target.WEBFLUX, Target.VIRTUAL_THREADS), title, severity, effort, why, action);
	}

}
