function times_8 (asm, 72 bytes)
    00000  jmp 000000000000001Dh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 5: mul
    0000c  shl rsi,3
; line 6: ret
    00010  mov rax,rsi
    00013  mov rsp,rbp
    00016  pop rbp
    00017  ret
; unwind to the entry from the interpreter
    00018  mov rsp,[r15+28h]
    0001c  ret
; external entry (from the interpreter)
    0001d  mov rax,ADDR
    00027  mov rcx,8
    00031  lea r11,[8]
    00038  jmp qword ptr [40h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00040  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_3 (asm, 72 bytes)
    00000  jmp 000000000000001Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 9: mul
    0000c  lea rsi,[rsi+rsi*2]
; line 10: ret
    00011  mov rax,rsi
    00014  mov rsp,rbp
    00017  pop rbp
    00018  ret
; unwind to the entry from the interpreter
    00019  mov rsp,[r15+28h]
    0001d  ret
; external entry (from the interpreter)
    0001e  mov rax,ADDR
    00028  mov rcx,8
    00032  lea r11,[8]
    00039  jmp qword ptr [40h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00040  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_5 (asm, 72 bytes)
    00000  jmp 000000000000001Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 13: mul
    0000c  lea rsi,[rsi+rsi*4]
; line 14: ret
    00011  mov rax,rsi
    00014  mov rsp,rbp
    00017  pop rbp
    00018  ret
; unwind to the entry from the interpreter
    00019  mov rsp,[r15+28h]
    0001d  ret
; external entry (from the interpreter)
    0001e  mov rax,ADDR
    00028  mov rcx,8
    00032  lea r11,[8]
    00039  jmp qword ptr [40h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00040  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_9 (asm, 72 bytes)
    00000  jmp 000000000000001Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 17: mul
    0000c  lea rsi,[rsi+rsi*8]
; line 18: ret
    00011  mov rax,rsi
    00014  mov rsp,rbp
    00017  pop rbp
    00018  ret
; unwind to the entry from the interpreter
    00019  mov rsp,[r15+28h]
    0001d  ret
; external entry (from the interpreter)
    0001e  mov rax,ADDR
    00028  mov rcx,8
    00032  lea r11,[8]
    00039  jmp qword ptr [40h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00040  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_minus_1 (asm, 72 bytes)
    00000  jmp 000000000000001Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 21: mul
    0000c  neg rsi
; line 22: ret
    0000f  mov rax,rsi
    00012  mov rsp,rbp
    00015  pop rbp
    00016  ret
; unwind to the entry from the interpreter
    00017  mov rsp,[r15+28h]
    0001b  ret
; external entry (from the interpreter)
    0001c  mov rax,ADDR
    00026  mov rcx,8
    00030  lea r11,[8]
    00037  jmp qword ptr [40h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00040  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

function times_7 (asm, 80 bytes)
    00000  jmp 0000000000000020h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
; line 25: mul
    0000c  imul rsi,7
; line 26: ret
    00013  mov rax,rsi
    00016  mov rsp,rbp
    00019  pop rbp
    0001a  ret
; unwind to the entry from the interpreter
    0001b  mov rsp,[r15+28h]
    0001f  ret
; external entry (from the interpreter)
    00020  mov rax,ADDR
    0002a  mov rcx,8
    00034  lea r11,[8]
    0003b  jmp qword ptr [48h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00048  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

