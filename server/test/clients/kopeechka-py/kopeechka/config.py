from .module_log import Logger

sft_id = 109

default_logger = Logger()
