package dev.fluxbench.assess;

import java.util.List;

/**
 * One thing that stands between a module and a target, with its evidence and what to do.
 *
 * @param rule the rule's id, as in the catalogue
 * @param targets the targets it stands in the way of
 * @param severity how much it stands in the way
 * @param effort what dealing with it takes
 * @param module the module's artifactId
 * @param location the file and line, or the dependency and its path
 * @param evidence what was seen there, in a few words
 * @param why why it matters, in one sentence
 * @param action what to do, in one or two sentences
 * @param replacement the replacement or the fixing version, or null when there is none to
 * name
 * @param replacementExists whether that replacement exists today; null when it does not
 * apply
 */
public record Finding(String rule, List<Target> targets, Severity severity, Effort effort, String module,
		Location location, String evidence, String why, String action, String replacement, Boolean replacementExists) {

	public Finding {
		targets = List.copyOf(targets);
	}

	public boolean concerns(Target target) {
		return this.targets.contains(target);
	}

}
