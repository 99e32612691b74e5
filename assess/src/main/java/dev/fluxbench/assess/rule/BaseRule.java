package dev.fluxbench.assess.rule;

import java.util.List;
import java.util.Objects;

import dev.fluxbench.assess.Effort;
import dev.fluxbench.assess.Finding;
import dev.fluxbench.assess.Location;
import dev.fluxbench.assess.Severity;

/**
 * What every rule does alike: findings that take the catalogue's words unless told
 * otherwise.
 */
abstract class BaseRule implements Rule {

	private final RuleInfo info;

	BaseRule(RuleInfo info) {
		this.info = info;
	}

	@Override
	public RuleInfo info() {
		return this.info;
	}

	Finding finding(ModuleContext module, Location location, String evidence) {
		return finding(module, location, evidence, this.info.severity(), this.info.effort(), this.info.action(), null,
				null);
	}

	Finding finding(ModuleContext module, Location location, String evidence, Severity severity, Effort effort,
			String action, String replacement, Boolean replacementExists) {
		return new Finding(this.info.id(), this.info.targets(), severity, effort, module.name(), location, evidence,
				this.info.why(), Objects.requireNonNullElse(action, this.info.action()), replacement,
				replacementExists);
	}

	/** "A, B and 3 more", for evidence that lists what was seen. */
	static String few(List<String> items) {
		List<String> distinct = items.stream().distinct().toList();
		if (distinct.size() <= 3) {
			return String.join(", ", distinct);
		}
		return String.join(", ", distinct.subList(0, 3)) + " and " + (distinct.size() - 3) + " more";
	}

}
