package dev.fluxbench.assess.rule;

import java.util.ArrayList;
import java.util.List;

/** Every rule, in the order the report lists them: WebFlux, virtual threads, both. */
public final class RuleCatalogue {

	private static final List<Rule> RULES;

	static {
		List<Rule> rules = new ArrayList<>();
		rules.addAll(WebFluxRules.all());
		rules.addAll(VirtualThreadRules.all());
		rules.addAll(PlatformRules.all());
		RULES = List.copyOf(rules);
	}

	private RuleCatalogue() {
	}

	public static List<Rule> rules() {
		return RULES;
	}

	public static List<RuleInfo> infos() {
		return RULES.stream().map(Rule::info).toList();
	}

}
