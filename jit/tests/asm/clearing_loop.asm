function main (asm, 495 bytes)
    00000  jmp 000000000000014Ah
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov rdi,rsi
    00016  mov esi,0
    0001c  cmp rsi,rdi
    0001f  jge 0000000000000047h
    00025  test rsi,rsi
    00028  js 0000000000000047h
    0002e  mov eax,1000h
    00033  sub rax,3
    00039  cmp rdi,rax
    0003c  jg 0000000000000047h
    00042  jmp 00000000000000C1h
; line 9: jge
    00047  cmp rsi,rdi
    0004a  jge 0000000000000086h
    00050  nop [rax+rax]
    00059  nop [rax]
; line 10: store
    00060  lea rax,[rsi+3]
    00068  cmp rax,1000h
    0006f  jae 000000000000011Ah
    00075  mov qword ptr [r14+rax*8],0
; line 11: add
    0007d  add rsi,1
; line 12: jmp
; line 9: jge
    00081  cmp rsi,rdi
    00084  jl 0000000000000060h
; line 14: print
    00086  mov rax,rsi
    00089  mov rsi,rax
    0008c  mov rcx,5
    00096  mov rdi,r12
    00099  mov rax,ADDR
    000a3  push r10
    000a5  push r11
    000a7  call rax  ; jit_print
    000a9  pop r11
    000ab  pop r10
    000ad  test rdx,rdx
    000b0  jne 0000000000000142h
; line 15: ret
    000b6  mov eax,0
    000bc  mov rsp,rbp
    000bf  pop rbp
    000c0  ret
; unchecked copy of the loop at line 9
; fill: the loop's stores as one string store
    000c1  lea rax,[rsi+3]
    000c9  lea rdx,[r14+rax*8]
    000cd  mov rcx,rdi
    000d0  sub rcx,rsi
    000d3  jo 00000000000000F7h
    000d9  cmp rcx,40h
    000e0  jl 00000000000000F7h
    000e6  mov eax,0
    000ec  push rdi
    000ed  mov rdi,rdx
    000f0  rep stosq [rdi]
    000f3  pop rdi
    000f4  mov rsi,rdi
; line 9: jge
    000f7  cmp rsi,rdi
    000fa  jge 0000000000000086h
    000fc  nop [rax]
; line 10: store
    00100  mov qword ptr [r14+rsi*8+18h],0
; line 11: add
    0010c  add rsi,1
; line 12: jmp
; line 9: jge
    00110  cmp rsi,rdi
    00113  jl 0000000000000100h
    00115  jmp 0000000000000086h
; trap: memory access out of bounds at line 10
    0011a  mov rdi,r12
    0011d  mov rsi,1
    00127  mov rdx,2
    00131  mov rax,ADDR
    0013b  call rax  ; jit_trap
    0013d  jmp 0000000000000142h
; unwind to the entry from the interpreter
    00142  mov rsp,[r15+28h]
    00149  ret
; external entry (from the interpreter)
    0014a  push rbp
    0014b  mov rbp,rsp
    0014e  push rbx
    0014f  push r12
    00151  push r13
    00153  push r14
    00155  push r15
    00157  mov r12,rdi
    0015a  mov r15,ADDR
    00164  push qword ptr [r15+28h]
    0016b  mov r14,ADDR
    00175  mov r13,[r15+10h]
    0017c  sub r13,[r15]
    00183  lea rax,[1C8h]
    0018a  push rax
    0018b  mov [r15+28h],rsp
    00192  sub rsp,8
    00196  mov rdx,rsi
    00199  sub rsp,10h
    001a0  mov rsi,[rdx]
    001a7  call 8
    001ac  xor edx,edx
    001ae  lea rsp,[rbp-30h]
    001b5  pop rcx
    001b6  mov [r15+28h],rcx
    001bd  pop r15
    001bf  pop r14
    001c1  pop r13
    001c3  pop r12
    001c5  pop rbx
    001c6  pop rbp
    001c7  ret
    001c8  lea rbp,[rsp+30h]
    001d0  mov edx,1
    001d5  lea rsp,[rbp-30h]
    001dc  pop rcx
    001dd  mov [r15+28h],rcx
    001e4  pop r15
    001e6  pop r14
    001e8  pop r13
    001ea  pop r12
    001ec  pop rbx
    001ed  pop rbp
    001ee  ret

