// The floor tablet's page (templates/pokerfest/floor.html): its parts, started in this order.
import "../live.js";
import "../event_log.js";
import "../race_sheet.js";
import "../penalties.js";
import "../offline_queue.js";
import "../floor.js";
