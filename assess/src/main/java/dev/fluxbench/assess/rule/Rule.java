package dev.fluxbench.assess.rule;

import java.util.List;

import dev.fluxbench.assess.Finding;

/** One check of the catalogue, run on each module in turn. */
public interface Rule {

	RuleInfo info();

	List<Finding> apply(ModuleContext module);

}
