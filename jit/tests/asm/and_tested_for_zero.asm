function main (asm, 104 bytes)
    00000  jmp 000000000000003Bh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: and
    00013  test rsi,1
    0001a  jne 000000000000002Bh
; line 6: ret
    00020  mov eax,0
    00026  mov rsp,rbp
    00029  pop rbp
    0002a  ret
; line 8: ret
    0002b  mov eax,1
    00031  mov rsp,rbp
    00034  pop rbp
    00035  ret
; unwind to the entry from the interpreter
    00036  mov rsp,[r15+28h]
    0003a  ret
; external entry (from the interpreter)
    0003b  mov rax,ADDR
    00045  mov rcx,8
    0004f  lea r11,[8]
    00056  jmp qword ptr [60h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    00060  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

