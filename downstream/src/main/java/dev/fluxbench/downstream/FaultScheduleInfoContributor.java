package dev.fluxbench.downstream;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * What {@code PUT /faults/schedule} accepts, under {@code faultSchedule} in
 * /actuator/info.
 */
@Component
class FaultScheduleInfoContributor implements InfoContributor {

	private final DownstreamServerProperties properties;

	FaultScheduleInfoContributor(DownstreamServerProperties properties) {
		this.properties = properties;
	}

	@Override
	public void contribute(Info.Builder builder) {
		Map<String, Object> limits = new LinkedHashMap<>();
		limits.put("maxPhases", this.properties.faultSchedule().maxPhases());
		limits.put("maxLength", this.properties.faultSchedule().maxLength().toString());
		limits.put("maxStall", this.properties.maxWait().toString());
		builder.withDetail("faultSchedule", limits);
	}

}
