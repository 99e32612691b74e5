package dev.fluxbench.assess;

import java.util.List;
import java.util.Map;

/**
 * What one target would take.
 *
 * @param target the target
 * @param blockers how many blocker findings
 * @param efforts how many effort findings
 * @param notes how many notes
 * @param effortClasses blocker and effort findings by what dealing with them takes
 * @param firstSteps the three things to do first, one sentence each
 * @param headline the target's part of the recommendation
 */
public record TargetSummary(Target target, int blockers, int efforts, int notes, Map<Effort, Integer> effortClasses,
		List<String> firstSteps, String headline) {

}
